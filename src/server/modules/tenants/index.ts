// Tenants: stores, their domains and host resolution (platform owner screens).
export { tenantRoutes } from './routes';
export { TenantResolver, type ResolvedTenant } from './resolver';
export { launchState, updateLaunchState, type LaunchState } from './repo';
export { addDomain, allTenantIds, domainsOf, domainTaken, findTenant, isSuspended, insertDomain, insertTenant, listTenants, makePrimary, removeDomain, setSuspended, slugTaken, tenantName, tenantSummaries } from './repo';
export { storeSettingsRoutes } from './settings/routes';
export { storeDetails, type StoreDetails } from './settings/service';
export { findSettings, lockSettings, saveSettingsJson, storesRequiringTwoStep, type SettingsRow } from './settings/repo';
