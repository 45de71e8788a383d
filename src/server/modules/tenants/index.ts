// Tenants: stores, their domains and host resolution (platform owner screens).
export { tenantRoutes } from './routes';
export { TenantResolver, type ResolvedTenant } from './resolver';
export { findTenant, insertDomain, insertMembership, insertTenant } from './repo';
