import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../../../shared/html-escape';
import { PRIMARY_MENU, type StoreMenu, type StoreMenuLink } from '../../../../shared/navigation';
import { cachedStoreRead } from '../../catalogue';
import { storeMenuCacheKey } from './routes';
import { storeMenu } from './service';

const ROOT = '<div id="root">';

/** Pages outside the shop's browsing (sign-in, the admin, cart and checkout): no menu for crawlers there. */
const NOT_SHOP_PAGES = /^\/(admin|crm|login|logout|signup|cart|checkout|order|my-orders)(\/|$)/;

/** The menu as nested lists of plain links; every label and address escaped. */
export function menuHtml(menu: StoreMenu): string {
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const groups = menu.groups.map((g) => {
    const head = g.href ? link(g.href, g.label) : `<span>${escapeHtml(g.label)}</span>`;
    // A category's sub-categories as a list under its link.
    const item = (i: StoreMenuLink) => link(i.href, i.label) + (i.children?.length ? `<ul>${i.children.map((c) => `<li>${link(c.href, c.label)}</li>`).join('')}</ul>` : '');
    const links = [...g.items.map(item), ...(g.view_all ? [link(g.view_all.href, g.view_all.label)] : [])];
    return `<li>${head}${links.length ? `<ul>${links.map((l) => `<li>${l}</li>`).join('')}</ul>` : ''}</li>`;
  });
  return `<nav aria-label="Menu"><ul><li>${link('/products', 'All products')}</li>${groups.join('')}</ul></nav>`;
}

/**
 * The store's menu as plain links in the served page, for crawlers that run no JavaScript. It sits in
 * <div id="root">, which React replaces when the app starts. A failed read leaves the page as it was:
 * the page itself matters more than its menu.
 */
export async function injectMenu(req: FastifyRequest, html: string): Promise<string> {
  if (!html.includes(ROOT) || NOT_SHOP_PAGES.test(req.url.split('?')[0])) return html;
  try {
    // The finished links are cached (not the menu to build them from): every served page reads them.
    const links = await cachedStoreRead(req, `${storeMenuCacheKey(PRIMARY_MENU)}:html`, async (ctx) => menuHtml(await storeMenu(ctx, PRIMARY_MENU)));
    // A function, so a '$&' in a label is text, not a replacement pattern.
    return html.replace(ROOT, () => `${ROOT}${links}`);
  } catch (err) {
    req.log.warn({ err }, 'menu for the served page could not be read');
    return html;
  }
}
