/**
 * Every page a store's host serves (the routes of src/web/storefront/Storefront.tsx and app/App.tsx on a
 * store host). Anything else is a missing page: the server answers it 404 with the store's "Page not
 * found" (issue 27 item 8), so a mistyped or retired link is not indexed as a real page.
 */
const STORE_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/c\/[^/]+\/?$/,
  /^\/p\/[^/]+\/?$/,
  /^\/products\/?$/,
  /^\/cart\/?$/,
  /^\/checkout\/?$/,
  /^\/order\/success\/?$/,
  /^\/my-orders(\/[^/]+)?\/?$/,
  /^\/account\/?$/,
  /^\/pages\/[^/]+\/?$/,
  /^\/login(\/.*)?$/,
  /^\/logout\/?$/,
  /^\/admin(\/.*)?$/,
  /^\/quote\/[^/]+\/?$/,
  /^\/invite\/[^/]+\/?$/,
];

export const isStorePagePath = (path: string): boolean => STORE_PAGES.some((page) => page.test(path));
