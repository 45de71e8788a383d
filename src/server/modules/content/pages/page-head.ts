import type { FastifyRequest } from 'fastify';
import { cachedStoreRead, injectHead, originOf, type PageMeta } from '../../catalogue';
import type { StoreCtx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { PAGE_LIMITS, PAGE_SLUG_PATTERN, pageTemplate } from '../../../../shared/page-templates';
import { publishedPage } from './service';
import { richTextToPlain } from './sanitize';

const CONTENT_PAGE = /^\/pages\/([^/]+)\/?$/;

const clip = (text: string, max = 160) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

/** Head tags of a published page (title, description, canonical, Open Graph, JSON-LD), or its 404. */
async function pageMeta(ctx: StoreCtx, storeName: string, origin: string, slug: string): Promise<{ meta: PageMeta; status: number }> {
  const canonical = `${origin}/pages/${slug}`;
  const base: PageMeta = { title: storeName, description: `${storeName}`, canonical, type: 'website', siteName: storeName };
  try {
    const page = await publishedPage(ctx, slug);
    const title = typeof page.content.hero_title === 'string' ? page.content.hero_title : slug;
    const body = typeof page.content.body === 'string' ? richTextToPlain(page.content.body) : '';
    const heroImage = typeof page.content.hero_image === 'string' ? absolute(origin, page.content.hero_image) : undefined;
    const description = clip(body || `${title} at ${storeName}.`);
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': pageTemplate(page.template_key)?.key === 'about' ? 'AboutPage' : 'WebPage',
      name: title,
      description,
      url: canonical,
      ...(heroImage ? { image: heroImage } : {}),
      ...(page.published_at ? { datePublished: page.published_at } : {}),
      inLanguage: 'en-GB',
      isPartOf: { '@type': 'WebSite', name: storeName, url: `${origin}/` },
    };
    return { status: 200, meta: { ...base, title: `${title} | ${storeName}`, description, image: heroImage, jsonLd } };
  } catch (err) {
    if (!(err instanceof AppError && err.status === 404)) throw err;
    return { status: 404, meta: { ...base, title: `Page not found | ${storeName}`, noindex: true } };
  }
}

/**
 * The head (and status) of /pages/{slug}; null for any other path. A draft or unknown slug is a real
 * 404. A staff preview (?preview) gets a neutral, noindex head: the draft itself is read by the page's
 * script with the signed-in session, so nothing of it is in the cached HTML.
 */
export async function renderContentPageHead(req: FastifyRequest, html: string): Promise<{ html: string; status: number } | null> {
  const [path, query = ''] = req.url.split('?');
  const match = CONTENT_PAGE.exec(path);
  if (!match || !req.tenant) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    slug = '';
  }
  const origin = originOf(req);
  const storeName = req.tenant.name;
  if (new URLSearchParams(query).has('preview')) {
    const meta: PageMeta = { title: `Preview | ${storeName}`, description: storeName, canonical: `${origin}${path}`, type: 'website', siteName: storeName, noindex: true };
    return { html: injectHead(html, meta), status: 200 };
  }
  if (!PAGE_SLUG_PATTERN.test(slug) || slug.length > PAGE_LIMITS.slug) {
    return { html: injectHead(html, { title: `Page not found | ${storeName}`, description: storeName, canonical: `${origin}${path}`, type: 'website', siteName: storeName, noindex: true }), status: 404 };
  }
  const { meta, status } = await cachedStoreRead(req, `page-head:${origin}|${storeName}|${slug}`, (ctx) => pageMeta(ctx, storeName, origin, slug));
  return { html: injectHead(html, meta), status };
}
