/**
 * The storefront's first view rendered on the server (issue 29): the id of the script element that
 * carries the page's data (the dehydrated query cache, JSON) for the browser to hydrate from.
 */
export const FIRST_VIEW_STATE_ID = 'first-view-state';

/**
 * How long data that came with the page counts as fresh in the browser, from the page's start: the
 * first view asks the API nothing again (storefront spec §9 lets product data be 30 s old).
 */
export const FIRST_VIEW_FRESH_MS = 30_000;
