// Customers of a store (issue 26): the people who ordered or have an account with it, their saved
// addresses, staff notes, and their data (export, erasure). Other modules use only what is here.
export { adminCustomerRoutes } from './admin/routes';
export { recordStoreAccount } from './store-accounts';
export { savedAddressRoutes } from './addresses/routes';
export { savedAddressesOf } from './addresses/service';
export { privacyRoutes } from './privacy/routes';
