// Content: the store's navigation menu and its content pages (issue 14). Sits above catalogue (menu
// destinations and the admin search reach products and categories through catalogue's index).
export { navigationRoutes } from './navigation/routes';
export { menuMediaUsages } from './navigation/menu-images';
export { pageRoutes } from './pages/routes';
export { pageMediaUsages } from './pages/media-usages';
export { renderStorePage, CONTENT_PAGE_ROUTES } from './render-page';
export { publishedPagePaths, type PageStarterHooks } from './pages/service';
export { pageStates, createLegalDraft, type PageState } from './pages/legal-pages';
