// Tenants: stores, their domains and host resolution (platform owner screens).
export { tenantRoutes } from './routes';
// Caddy's on-demand TLS ask (decision 057).
export { tlsAskRoutes, TLS_ASK_PATH } from './tls-ask';
export { TenantResolver, type ResolvedTenant } from './resolver';
// The store rows, ctx first, for other modules.
export { launchState, updateLaunchState, type LaunchState } from './stores';
export { crmEnabled, setCrmEnabled } from './stores';
export { addDomain, allTenantIds, domainsOf, domainTaken, findTenant, isSuspended, insertDomain, insertTenant, listTenants, makePrimary, removeDomain, setSuspended, slugTaken, tenantName, tenantSummaries } from './stores';
export { storeSettingsRoutes } from './settings/routes';
export { findSettings, lockSettings, saveSettingsJson, storeDetails, storesRequiringTwoStep, type StoreDetails } from './settings/service';
export type { SettingsRow } from './settings/repo';
