import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import zlib, { brotliCompress, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { ResolvedTenant } from '../modules/tenants';
import { FIRST_VIEW_STATE_ID } from '../../shared/first-view';
import { isStorePagePath } from '../../shared/store-paths';
import { classesIn, rulesFor, type StylesheetNode } from '../../shared/stylesheet-rules';

/**
 * The storefront's first view as HTML (issue 29): a store page's markup and data, rendered by the
 * browser app's own components (web/ssr/render-first-view.tsx, built into dist/ssr), put into the
 * served index.html so a phone draws the page before its JavaScript arrives and crawlers read it whole.
 */

/** What web/ssr/render-first-view.tsx renders (its own types stay on the web side of the build). */
export interface RenderedFirstView {
  html: string;
  state: unknown;
  status: 200 | 404;
  complete: boolean;
}
export type FetchApi = (path: string, init?: RequestInit) => Promise<Response>;
export type FirstViewRenderer = (url: string, fetchApi: FetchApi) => Promise<RenderedFirstView>;

/** Loads the renderer the build made (`vite build --ssr`); null, said once, when there is none. */
export async function loadFirstViewRenderer(ssrDir: string, log: { warn(msg: string): void }): Promise<FirstViewRenderer | null> {
  try {
    // A file the web build writes (dist/ssr), not part of the server's own build: found at run time.
    // eslint-disable-next-line no-restricted-syntax
    const module = (await import(pathToFileURL(path.join(ssrDir, 'render-first-view.js')).href)) as { renderFirstView: FirstViewRenderer };
    return module.renderFirstView;
  } catch (err) {
    log.warn(`The storefront is served without its server-rendered first view: ${(err as Error).message}`);
    return null;
  }
}

/**
 * Pages whose first view is the same for every visitor: home, listings and search, categories,
 * products, content pages, and any path no page answers (the store's "Page not found"). Cart,
 * checkout, account, sign-in and the admin stay the browser's alone.
 */
const SHARED_PAGES: readonly RegExp[] = [/^\/$/, /^\/products\/?$/, /^\/c\/[^/]+\/?$/, /^\/p\/[^/]+\/?$/, /^\/pages\/[^/]+\/?$/];

export function servesFirstView(req: FastifyRequest): boolean {
  const tenant = req.tenant;
  // An unlaunched store's answers depend on who asks (staff preview it): never one HTML for all.
  if (!tenant || !tenant.launched || tenant.suspended || req.openingSoon) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const [pagePath, query = ''] = req.url.split('?', 2);
  // A content page's staff preview shows a draft through the signed-in session: the browser's alone.
  if (new URLSearchParams(query).has('preview')) return false;
  return SHARED_PAGES.some((page) => page.test(pagePath)) || !isStorePagePath(pagePath);
}

/**
 * The app's own API for the page's host, answered in process (no socket) and as an anonymous visitor:
 * no cookie is passed on, so nothing of this visitor's can reach HTML that others are served.
 */
function apiOf(req: FastifyRequest): FetchApi {
  const host = req.headers.host ?? req.tenant!.domain;
  return async (apiPath) => {
    const res = await req.server.inject({ method: 'GET', url: apiPath, headers: { host, accept: 'application/json' } });
    const body = res.statusCode === 204 || res.statusCode === 304 ? null : res.body;
    return new Response(body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  };
}

/**
 * What of the store the rendered page shows besides its catalogue and content (name, details,
 * promises): part of the cache key, so a settings change is a new page at once. The resolver keeps one
 * object per store until it changes, so this is worked out once per change.
 */
const stamps = new WeakMap<ResolvedTenant, string>();
function tenantStamp(tenant: ResolvedTenant): string {
  let stamp = stamps.get(tenant);
  if (!stamp) {
    const shown = JSON.stringify([tenant.name, tenant.slug, tenant.domain, tenant.details, tenant.promises]);
    stamp = createHash('sha256').update(shown).digest('base64url').slice(0, 16);
    stamps.set(tenant, stamp);
  }
  return stamp;
}

export type Encoding = 'br' | 'gzip';

/** A served page, and how this answer got it (the Server-Timing header says so). */
export interface ServedPage {
  html: string;
  status: number;
  /** The page compressed when it was rendered: both encodings if it is kept, else the one asked for. */
  encoded?: Partial<Record<Encoding, Buffer>>;
  /** From the cache ('kept'), rendered for this request (with its milliseconds), or the bare app. */
  made?: { how: 'kept' | 'rendered' | 'bare'; ms?: number };
}

/** brotli, else gzip, if the browser takes it (a q=0 refuses it). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const offered = String(header ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(/\s*;\s*/))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
    .map(([name]) => name);
  return offered.includes('br') ? 'br' : offered.includes('gzip') ? 'gzip' : null;
}

/** Thrown inside the cache's load so an incomplete render is neither kept nor served. */
class IncompleteRender extends Error {}

// In a <script type="application/json"> only "</script" or "<!--" could end it early: no "<" at all.
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const EMPTY_ROOT = '<div id="root"></div>';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
// Quality 6: a listing's 180 kB of markup in about 1.5 ms, to 11 kB (quality 11 saves 1 kB more in 70 ms).
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } };

/**
 * At most `size` holders at once; up to `queueLength` more wait, each at most `waitMs`. acquire()
 * answers whether a slot was given (false: the queue was full or the wait ran out).
 */
class RenderSlots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly size: number,
    private readonly queueLength: number,
    private readonly waitMs: number,
  ) {}

  acquire(): Promise<boolean> {
    if (this.active < this.size) {
      this.active += 1;
      return Promise.resolve(true);
    }
    if (this.waiting.length >= this.queueLength) return Promise.resolve(false);
    return new Promise((resolve) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        resolve(false);
      }, this.waitMs);
      this.waiting.push(grant);
    });
  }

  /** Hands the slot to the first waiting request, if any. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}

/**
 * Renders under way in this process. A render is CPU work (milliseconds) and API reads; at most this
 * many run at once, and a few more requests wait their turn briefly (a shop's visitors arriving
 * together). Beyond that (a crawl of unknown URLs, say, each a new page) the page is served as the bare
 * app, which costs next to nothing, and nothing is kept. The same URL asked for at once shares one
 * render anyway while the catalogue cache is on.
 */
export const RENDERS_AT_ONCE = 4;
/** Requests waiting for a render at most, and how long each waits before taking the bare app. */
export const RENDER_QUEUE = { length: 16, waitMs: 250 };
const slots = new RenderSlots(RENDERS_AT_ONCE, RENDER_QUEUE.length, RENDER_QUEUE.waitMs);

/**
 * The whole page, head and first view, for a page servesFirstView() accepts: from the catalogue cache
 * (dropped with it on every committed catalogue or content write, on every instance), else rendered,
 * compressed and kept. Everything in it depends only on the key: the store's catalogue and content,
 * what tenantStamp() covers, the host and URL, and the built index.html. Null when the first view could
 * not be rendered whole (an answer failed): the caller serves the bare app, which fetches for itself.
 */
export async function firstViewPage(
  req: FastifyRequest,
  indexHtml: string,
  render: FirstViewRenderer,
  renderHead: (html: string) => Promise<{ html: string; status: number }>,
  /** The built web app's folder, whose stylesheet goes into the page (null: left as a link). */
  webDir: string | null = null,
): Promise<ServedPage | null> {
  const tenant = req.tenant!;
  const cache = req.server.deps.catalogueCache;
  let renderMs: number | undefined;
  const key = `first-view:${req.protocol}://${req.headers.host ?? ''}|${tenantStamp(tenant)}|${indexStamp(indexHtml)}|${req.url}`;
  try {
    const page = await cache.read(tenant.id, key, async (): Promise<ServedPage> => {
      if (!(await slots.acquire())) throw new IncompleteRender();
      const started = performance.now();
      const [head, view] = await Promise.all([renderHead(indexHtml), render(req.url, apiOf(req))]).finally(() => slots.release());
      if (!view.complete || !head.html.includes(EMPTY_ROOT)) throw new IncompleteRender();
      const { preloads, markup } = leadingPreloads(view.html);
      const root = `<div id="root">${markup}</div><script id="${FIRST_VIEW_STATE_ID}" type="application/json">${scriptSafeJson(view.state)}</script>`;
      const html = startAfterPaint(inlineStylesheets(head.html, webDir, classesIn(markup + head.html)))
        .replace('</head>', () => `${preloads}</head>`)
        .replace(EMPTY_ROOT, () => root);
      // A kept page is asked for in both encodings; with the cache off, only this request's is needed.
      const wanted: Encoding[] = cache.keeps ? ['br', 'gzip'] : [acceptedEncoding(req.headers['accept-encoding'])].filter((e) => e !== null);
      const encoded: ServedPage['encoded'] = {};
      await Promise.all(wanted.map(async (e) => (encoded[e] = e === 'br' ? await brotli(html, BROTLI_OPTIONS) : await gzipped(html))));
      renderMs = performance.now() - started;
      return { html, status: Math.max(head.status, view.status), encoded };
    });
    return { ...page, made: renderMs === undefined ? { how: 'kept' } : { how: 'rendered', ms: renderMs } };
  } catch (err) {
    if (!(err instanceof IncompleteRender)) req.log.warn({ err }, 'the first view could not be rendered; the bare app is served');
    return null;
  }
}

/**
 * React writes the preloads a render asked for (the page's main picture, fetchpriority high) first in
 * its markup; in the head the browser finds them before anything in the body. React does not hydrate
 * them, so taking them out of the root changes nothing for the browser's app.
 */
function leadingPreloads(html: string): { preloads: string; markup: string } {
  const found = /^(?:<link rel="preload"[^>]*\/>)+/.exec(html);
  return found ? { preloads: found[0], markup: html.slice(found[0].length) } : { preloads: '', markup: html };
}

/**
 * The built app's entry. On a server-rendered page it is started by /start-app.js (src/web/public)
 * once the page is painted: the page needs none of it to be drawn, and its 90 kB would otherwise share
 * a phone's bandwidth with the page's main picture.
 */
const APP_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;

export const startAfterPaint = (html: string) => html.replace(APP_SCRIPT, (_tag, entry: string) => `<script src="/start-app.js" data-entry="${entry}" defer></script>`);

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\bhref="\/(assets\/[\w.-]+\.css)"[^>]*>/g;

interface Stylesheet {
  css: string;
  /** Its rules with the classes each needs (`<file>.rules.json`, written by the build), if there. */
  rules: StylesheetNode[] | null;
}
/** Built stylesheets by name: their names carry a hash of their content, so one read is for good. */
const stylesheets = new Map<string, Stylesheet | null>();

/**
 * The page's stylesheet written into its head, so the first paint waits for no second download (issue
 * 29 item 4): only the rules that can apply to the page's markup (`classes`, its class names), about a
 * fifth of them on a product page; all of them when the build left no rules index. The whole file's
 * link stays, disabled: /start-app.js turns it on before the app starts (the app draws menus and
 * dialogs the first view has no rules for), and the app's bundle loader, which fetches a lazy part's
 * stylesheet unless a link to it is in the page, finds it there. A file that cannot be read, or could
 * end the <style> early, stays a plain link (decision 054).
 */
export function inlineStylesheets(html: string, webDir: string | null, classes: ReadonlySet<string>): string {
  if (!webDir) return html;
  return html.replace(STYLESHEET_LINK, (link, file: string) => {
    const sheet = stylesheetIn(webDir, file);
    if (!sheet) return link;
    return `<style>${sheet.rules ? rulesFor(sheet.rules, classes) : sheet.css}</style><link rel="stylesheet" href="/${file}" disabled>`;
  });
}

function stylesheetIn(webDir: string, file: string): Stylesheet | null {
  if (!stylesheets.has(file)) {
    let sheet: Stylesheet | null = null;
    try {
      const css = readFileSync(path.join(webDir, file), 'utf8');
      if (!/<\/style/i.test(css)) sheet = { css, rules: rulesIndexOf(path.join(webDir, `${file}.rules.json`)) };
    } catch {
      sheet = null;
    }
    stylesheets.set(file, sheet);
  }
  return stylesheets.get(file)!;
}

/** The build's rules index of a stylesheet; null (the whole stylesheet is inlined) if missing or unreadable. */
function rulesIndexOf(file: string): StylesheetNode[] | null {
  try {
    const rules: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(rules) ? (rules as StylesheetNode[]) : null;
  } catch {
    return null;
  }
}

/** The built index.html changes with a deploy: a short stamp of it, worked out once per build. */
let lastIndex: { html: string; stamp: string } | null = null;
function indexStamp(html: string): string {
  if (lastIndex?.html !== html) lastIndex = { html, stamp: createHash('sha256').update(html).digest('base64url').slice(0, 12) };
  return lastIndex.stamp;
}
