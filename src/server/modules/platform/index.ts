// Platform: the owner console, which spans stores (tenants) and people (accounts). It sits above both
// so neither needs the other's tables: tenants never reads memberships, accounts never writes stores.
export { platformRoutes } from './routes';
