// The Specifications and Delivery & Returns panels, one bundle loaded after the product page shows
// (ProductTabs.tsx), not with it: a shopper sees the Details tab first.
export { DeliveryReturns } from './DeliveryReturns';
export { SpecsTable } from './SpecsTable';
