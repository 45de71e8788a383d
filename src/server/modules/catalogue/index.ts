// Catalogue: products, variants, categories, pictures, reviews and search, with the storefront's
// cached reads and page heads, and the admin screens that edit them.
export { catalogRoutes } from './storefront/routes';
export { adminProductRoutes } from './admin-products/routes';
export { adminCategoryRoutes } from './admin-categories/routes';
export { mediaRoutes } from './media/routes';
export { renderPageHead, seoRoutes } from './seo/routes';
export { CATALOGUE_PAGE_ROUTES } from './seo/seo-service';
export { CatalogueCache } from './storefront/catalogue-cache';
export { isLiveProduct, liveProductRating, productLabels, sellableRows, setProductRating, type SellableRow } from './storefront/sellable';
// What the catalogue is missing (descriptions, pictures, categories), for the AI findings and the dashboard.
export { LOW_STOCK_AT, missingDescription, productForContext, productGaps, storeGaps, type Gap, type ProductGaps, type StoreGaps } from './insights/gaps';
export { catalogueSetup } from './insights/setup';
export { catalogueMediaUsages } from './media/media-usages';
// Links to categories and products (the store's menu), the admin's product search for link pickers,
// and the cached storefront reads other modules serve through the same catalogue cache.
export { linkTargets, type LinkTarget, type LinkTargets } from './links/link-targets';
export { searchProducts } from './admin-products/service';
export { cachedStoreRead } from './storefront/catalogue-cache';
export { categoryTree } from './storefront/storefront-service';
