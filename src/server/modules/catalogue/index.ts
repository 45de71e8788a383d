// Catalogue: products, variants, categories, pictures, reviews and search, with the storefront's
// cached reads and page heads, and the admin screens that edit them.
export { catalogRoutes } from './storefront/routes';
export { adminProductRoutes } from './admin-products/routes';
export { adminCategoryRoutes } from './admin-categories/routes';
export { mediaRoutes } from './media/routes';
export { renderPageHead, seoRoutes } from './seo/routes';
export { CATALOGUE_PAGE_ROUTES } from './seo/seo-service';
export { CatalogueCache } from './storefront/catalogue-cache';
// The categories a product is in, with those above them, for discounts by category (issue 28).
export { productCategoryIds } from './storefront/product-categories';
export { isLiveProduct, liveProductRating, productLabels, sellableRows, setProductRating, type SellableRow } from './storefront/sellable';
// What the catalogue is missing (descriptions, pictures, categories), for the AI findings and the dashboard.
export { LOW_STOCK_AT, missingDescription, productForContext, productGaps, storeGaps, type Gap, type ProductGaps, type StoreGaps } from './insights/gaps';
export { catalogueSetup, hasSellableProduct } from './insights/setup';
export { catalogueMediaUsages, cataloguePictureUrls } from './media/media-usages';
// The storefront's cached reads and page heads, for the content module's pages and menu (issue 14).
export { cachedStoreRead, sendCachedJson } from './storefront/catalogue-cache';
export { originOf } from './seo/routes';
export { injectHead, type PageMeta } from './seo/html';
// Links to categories and products (the store's menu) and the admin's product search for link pickers.
export { linkTargets, type LinkTarget, type LinkTargets } from './links/link-targets';
export { searchProducts } from './admin-products/service';
export { categoryTree } from './storefront/storefront-service';
// Which SKUs the store already has, for the product import's dry run (issue 15).
export { existingSkus, type ExistingSkus } from './import/existing-skus';
// Writing imported products in chunks (issue 15 processing).
export { applyImportedProducts, attachedImageSources, type ApplyImportOptions, type ImportedImage, type ImportOutcome } from './import/apply-products';
