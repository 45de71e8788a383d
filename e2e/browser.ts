import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { serverPort as port } from './workers';

export const DEMO_PASSWORD = 'demo-password';

/** http://{host}:{port}{path}; *.localhost resolves to loopback inside Chromium. */
export const url = (host: string, path = '/') => `http://${host}:${port()}${path}`;

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// One Chromium per journey file: started by the first page a journey opens, closed after the file's
// last journey (e2e/setup.ts). Each page gets its own context, so journeys never share cookies.
let shared: Promise<Browser> | null = null;

export async function closeBrowser(): Promise<void> {
  const browser = shared;
  shared = null;
  await (await browser?.catch(() => null))?.close();
}

const openPages = new Set<Page>();

export async function newPage(viewport = { width: 1280, height: 800 }, options: { javaScript?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  shared ??= launch();
  const context = await (await shared).newContext({ viewport, javaScriptEnabled: options.javaScript ?? true });
  const page = await context.newPage();
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  watchHydration(page);
  if (options.javaScript ?? true) waitForHydrationOnLoad(page);
  return { context, page };
}

/**
 * A page the server rendered (issue 29) is on screen before the browser's app has taken it over, and a
 * click then does nothing (a real phone shows it a moment; a journey clicks at once). So goto and
 * reload return only once every element of the app's root is React's (hydrated: React marks each one
 * it owns with a `__reactFiber$…` key). Pages the server did not render return as before.
 */
function waitForHydrationOnLoad(page: Page): void {
  const hydrated = () =>
    page
      .waitForFunction(
        () => {
          if (!document.getElementById('first-view-state')) return true;
          const isReacts = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'));
          // Markup React sets as a whole (a content page's rich text) is not its own element by element.
          const inSetHtml = (el: Element) => {
            let parent = el.parentElement;
            while (parent && !isReacts(parent)) parent = parent.parentElement;
            const propsKey = parent && Object.keys(parent).find((key) => key.startsWith('__reactProps$'));
            return Boolean(propsKey && (parent as unknown as Record<string, { dangerouslySetInnerHTML?: unknown }>)[propsKey].dangerouslySetInnerHTML);
          };
          const elements = [...document.querySelectorAll('#root *')];
          return elements.length > 0 && elements.every((el) => isReacts(el) || inSetHtml(el));
        },
        null,
        { timeout: 20_000, polling: 50 },
      )
      // The page went on elsewhere meanwhile (a redirect): the next step waits for what it needs.
      .catch((error: Error) => {
        if (!/context was destroyed|navigation|Target page, context or browser has been closed/i.test(error.message)) throw error;
      });
  // React marks the elements as it renders them, a moment before it commits that render and answers
  // their events: a frame and a little more, once every element is marked.
  const settled = () =>
    page
      .evaluate(() => (document.getElementById('first-view-state') ? new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))) : undefined))
      .catch(() => undefined);
  const thenHydrated =
    <A extends unknown[], R>(load: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const response = await load(...args);
      await hydrated();
      await settled();
      return response;
    };
  page.goto = thenHydrated(page.goto.bind(page));
  page.reload = thenHydrated(page.reload.bind(page));
}

// React's production words for a page whose server HTML the browser could not take over as it was:
// #418 mismatch, #419 a part the server could not finish, #421-#423 and #425 recovering by rendering
// on the client. Every journey fails on one (e2e/setup.ts), wherever it happened.
const HYDRATION_ERROR = /Minified React error #(418|419|421|422|423|425)\b|[Hh]ydration (failed|mismatch)|did(n't| not) match the client/;
let hydrationErrors: string[] = [];

function watchHydration(page: Page): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) hydrationErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(error.message)) hydrationErrors.push(`${page.url()}: ${error.message}`);
  });
}

/** The hydration errors seen since the last call (e2e/setup.ts fails the journey on any). */
export function takeHydrationErrors(): string[] {
  const seen = hydrationErrors;
  hydrationErrors = [];
  return seen;
}

/** For afterEach: when a journey failed, keep a picture of every page it left open, to see why. */
export async function snapIfFailed(ctx: { task: { name: string; result?: { state?: string } } }): Promise<void> {
  if (ctx.task.result?.state !== 'fail') {
    openPages.clear();
    return;
  }
  let n = 0;
  for (const page of openPages) {
    await snap(page, `FAILED-${ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}-${n++}`).catch(() => {});
    console.error(`failed journey page ${page.url()}:`, (await page.locator('body').innerText().catch(() => '')).slice(0, 400));
  }
  openPages.clear();
}

/**
 * Opens a store page by moving inside the app, as a shopper following a link does, starting from the
 * cart (a page the server does not render). A page loaded directly comes rendered by the server with
 * its data (issue 29) and asks the API nothing: journeys about what the browser does when a call
 * fails get there this way.
 */
export async function openInApp(page: Page, host: string, path: string): Promise<void> {
  await page.goto(url(host, '/cart'));
  await page.getByRole('heading', { name: 'Your cart', level: 1 }).waitFor();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Signs in through the real /login form. */
export async function signInThroughForm(page: Page, loginUrl: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(loginUrl);
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Screenshots of each journey's end state, for people to look at (not compared). */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/e2e', { recursive: true });
  await page.screenshot({ path: `test-results/e2e/${name}.png`, fullPage: true });
}

/** A sonner toast on screen holding every one of the texts (title, description). */
export function toastWith(page: Page, ...texts: string[]) {
  let item = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
  for (const text of texts) item = item.filter({ hasText: text });
  return item;
}

/**
 * The product names of a product grid, in order; empty while there is no grid or it still shows the
 * previous page or sort (aria-busy). Read in one go, so a grid swapped mid-read cannot mix the two.
 */
export async function productNames(page: Page, list = 'Products'): Promise<string[]> {
  return page.evaluate((label) => {
    const grid = [...document.querySelectorAll('ul[aria-label]')].find((el) => el.getAttribute('aria-label') === label);
    if (!grid || grid.getAttribute('aria-busy') === 'true') return [];
    return [...grid.querySelectorAll('h3')].map((heading) => (heading as HTMLElement).innerText.trim());
  }, list);
}

/** True when the page is no wider than the window (nothing to scroll sideways). */
export async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);
}
