// A store's promises and policies (issue 25): Settings > Policies, its legal pages, and what the
// storefront tells shoppers about delivery and returns.
export { policyRoutes } from './routes';
export { storePromises, pageStarterHooks } from './service';
