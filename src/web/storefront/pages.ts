import { preloadable } from '@/lib/preloadable';

// The product page, where shoppers land from search results, ads and shared links, comes with the
// Storefront bundle. The home, category and listing pages (and the 404 page) are bundles of their
// own, so a product page does not carry them. Only Storefront.tsx imports this file: were the entry
// to import it, the bundler could no longer tell that these pages always load after the Storefront
// bundle, and would scatter the code they share with it over many small files.
export const StoreHome = preloadable(() => import('./StoreHome').then((m) => m.StoreHome));
export const CategoryPage = preloadable(() => import('./category/CategoryPage').then((m) => m.CategoryPage));
export const ProductsPage = preloadable(() => import('./products/ProductsPage').then((m) => m.ProductsPage));
export const CartPage = preloadable(() => import('./cart/CartPage').then((m) => m.CartPage));
export const CheckoutPage = preloadable(() => import('./checkout/CheckoutPage').then((m) => m.CheckoutPage));
export const OrderSuccessPage = preloadable(() => import('./order/OrderSuccessPage').then((m) => m.OrderSuccessPage));
export const AccountArea = preloadable(() => import('./account/AccountArea').then((m) => m.AccountArea));
export const ContentPage = preloadable(() => import('./content/ContentPage').then((m) => m.ContentPage));
export const NotFoundPage = preloadable(() => import('@/app/NotFound').then((m) => m.NotFound));

/** Starts loading the page a store path shows (the routes in Storefront.tsx) when it has its own bundle. */
export function preloadStorePage(pathname: string): void {
  if (pathname === '/') StoreHome.preload();
  else if (/^\/c\/[^/]+\/?$/.test(pathname)) CategoryPage.preload();
  else if (/^\/products\/?$/.test(pathname)) ProductsPage.preload();
  else if (/^\/cart\/?$/.test(pathname)) CartPage.preload();
  else if (/^\/checkout\/?$/.test(pathname)) CheckoutPage.preload();
  else if (/^\/order\/success\/?$/.test(pathname)) OrderSuccessPage.preload();
  else if (/^\/my-orders(\/|$)/.test(pathname)) AccountArea.preload();
  else if (/^\/pages\/[^/]+\/?$/.test(pathname)) ContentPage.preload();
  else if (!/^\/p\/[^/]+\/?$/.test(pathname)) NotFoundPage.preload();
}
