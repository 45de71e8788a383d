import { AsyncLocalStorage } from 'node:async_hooks';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { QueryClient, dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { App } from '@/app/App';
import { Root } from '@/app/Root';
import { ApiError } from '@/lib/api';
import { currentTenantQuery } from '@/lib/tenant';
import { storeMenuQuery } from '@/lib/store-menu';
import { productQuery, relatedProductsQuery } from '@/lib/catalog';

/**
 * The storefront's first view rendered on the server (issue 29), from the same components the browser
 * runs: no second template. Server only (Node streams, AsyncLocalStorage); never imported by main.tsx.
 *
 * Components ask for their data with useQuery, which on the server only registers the query. So the
 * page is rendered, the queries it registered are fetched, and it is rendered again, until a render
 * asks for nothing new. What a page is known to need is fetched before the first render (knownQueries):
 * a product page then renders once, where finding its data took four renders (the store, then its
 * menus and product, then related products). prerender waits for lazy parts (footer, page bundles),
 * so the HTML is whole.
 *
 * Data comes from the server's own API through `fetchApi` (the same JSON the browser would get), as
 * an anonymous visitor: what belongs to one shopper (session, cart, orders) is never fetched here and
 * renders in its loading state, for the browser to fill in. So one page's HTML can serve everyone.
 */

/** Answers an API path for the page's host, as fetch would (the server passes its own routes). */
export type FetchApi = (path: string, init?: RequestInit) => Promise<Response>;

export interface FirstView {
  /** The app's markup, for inside <div id="root">. */
  html: string;
  /** The query cache as rendered, for the browser to hydrate from without asking again. */
  state: DehydratedState;
  /** 404 when the page's record is missing (unknown product, category or page), else 200. */
  status: 200 | 404;
  /**
   * False when some answer failed other than as a 404 (the server busy, say): the markup shows an
   * error a moment's retry would not, so the server sends the plain app instead and keeps nothing.
   */
  complete: boolean;
  /** Renders it took (the last one asked for nothing new). */
  renders: number;
}

/** Query keys that are one visitor's own, never put in HTML that everyone may be served. */
const VISITOR_KEYS = new Set(['auth', 'cart', 'orders', 'admin', 'account']);
const isVisitorsOwn = (query: Query) => VISITOR_KEYS.has(String(query.queryKey[0]));

const isMissing = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 404;

/** A page asks for its data in a few rounds; more than this is a loop, and the last render stands. */
const MAX_RENDERS = 5;

/** React's marks of a Suspense boundary whose content follows out of order (`<!--$?-->`, `<template id="B:0">`). */
const SWAPPED_IN_LATER = /<!--\$\?-->|<template id="B:/;

// The app's api() calls fetch('/api/...'). While a first view renders, such relative calls go to the
// render's own fetchApi (found through the async context, so renders at once never mix hosts); any
// other call goes to the real fetch untouched.
const current = new AsyncLocalStorage<FetchApi>();
let shimmed = false;
function routeRelativeFetches(): void {
  if (shimmed) return;
  shimmed = true;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const fetchApi = current.getStore();
    if (fetchApi && typeof input === 'string' && input.startsWith('/')) return fetchApi(input, init);
    return realFetch(input, init);
  };
}

async function renderOnce(client: QueryClient, url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <Root client={client}>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </Root>,
    // Never outline a large part to be swapped in by a script once the rest has streamed (React does
    // that beyond 12,800 bytes): the page's CSP runs no inline script, and the HTML must be whole.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

/** Registered but never fetched, and not the visitor's own: what the next round fetches. */
const unfetched = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && q.state.dataUpdateCount === 0 && q.state.errorUpdateCount === 0 && !isVisitorsOwn(q));

const PRODUCT_PAGE = /^\/p\/([^/]+)\/?$/;

/**
 * Fetches what `url` is known to ask for, with the app's own query definitions (lib/*.ts), so the first
 * render finds it in the cache: every store page's store and header and footer menus, and on a
 * product page (routes in storefront/Storefront.tsx) the product, then its related products. Anything
 * else a page asks for is found by rendering, as before.
 */
async function prefetchKnown(client: QueryClient, url: string): Promise<void> {
  // Key and fetch only: the server's defaults (no retry) hold, as for what a render finds.
  const fetch = ({ queryKey, queryFn }: { queryKey: readonly unknown[]; queryFn: () => Promise<unknown> }) => client.prefetchQuery({ queryKey, queryFn });
  const product = async (slug: string) => {
    await fetch(productQuery(slug));
    const found = client.getQueryData<{ id: string }>(productQuery(slug).queryKey);
    if (found) await fetch(relatedProductsQuery(found.id));
  };
  const slug = productSlugOf(url);
  await Promise.all([fetch(currentTenantQuery()), fetch(storeMenuQuery('primary')), fetch(storeMenuQuery('footer')), slug === null ? null : product(slug)]);
}

/** The product page's slug as the router hands it to the page (decoded), or null for another page. */
function productSlugOf(url: string): string | null {
  const found = PRODUCT_PAGE.exec(url.split(/[?#]/)[0]);
  if (!found) return null;
  try {
    return decodeURIComponent(found[1]);
  } catch {
    return null; // the router finds no product in it either; rendering decides
  }
}

/** Renders `url` (path and query) of the store whose API `fetchApi` answers. */
export function renderFirstView(url: string, fetchApi: FetchApi): Promise<FirstView> {
  routeRelativeFetches();
  return current.run(fetchApi, async () => {
    // No retries and nothing stale: on the server every answer is fetched once, for this page, and a
    // failure renders as the failure (retryOnMount would show the loading state instead).
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity } } });
    await prefetchKnown(client, url);
    let html = '';
    let renders = 0;
    while (renders < MAX_RENDERS) {
      html = await renderOnce(client, url);
      renders += 1;
      const next = unfetched(client);
      // A part that waited for its code (a lazy page bundle met for the first time in this process) is
      // sent as a fallback plus a script that swaps it in: scripts the page's CSP blocks and hydration
      // cannot use. Its code is loaded now, so one more render writes it in place.
      if (next.length === 0 && !SWAPPED_IN_LATER.test(html)) break;
      // Failures stay in the cache as errors, and the next render shows them (a 404 page, say).
      await Promise.all(next.map((q) => client.prefetchQuery({ queryKey: q.queryKey, queryFn: q.options.queryFn as never })));
    }
    const errors = client
      .getQueryCache()
      .getAll()
      .map((q) => q.state.error);
    const status: FirstView['status'] = errors.some(isMissing) ? 404 : 200;
    const complete = !SWAPPED_IN_LATER.test(html) && errors.every((e) => e === null || isMissing(e));
    // What rendered goes to the browser: the answers, and a missing record's 404 (the page shows "Not
    // Found" from it, and the browser must render the same). Other failures are asked again there.
    const state = dehydrate(client, { shouldDehydrateQuery: (q) => !isVisitorsOwn(q) && (q.state.status === 'success' || isMissing(q.state.error)) });
    // An Error's message is not in its JSON: the 404 goes as plain fields, made an ApiError again in main.tsx.
    for (const q of state.queries) if (isMissing(q.state.error)) q.state.error = { status: 404, code: q.state.error.code, message: q.state.error.message } as never;
    return { html, state, status, complete, renders };
  });
}
