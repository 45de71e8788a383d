// Tenants: stores, their domains and host resolution (platform owner screens).
export { tenantRoutes } from './routes';
export { TenantResolver, type ResolvedTenant } from './resolver';
export { allTenantIds, domainTaken, findTenant, insertDomain, insertTenant, listTenants, slugTaken, tenantName, tenantSummaries } from './repo';
