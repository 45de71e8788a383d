// Tenants: stores, their domains and host resolution (platform owner screens).
export { tenantRoutes } from './routes';
export { TenantResolver, type ResolvedTenant } from './resolver';
export { storeSettingsRoutes } from './settings/routes';
export { storeDetails, type StoreDetails } from './settings/service';
export { findTenant, insertDomain, insertMembership, insertTenant } from './repo';
