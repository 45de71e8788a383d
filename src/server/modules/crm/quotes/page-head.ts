import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../../../shared/html-escape';
import { formatGBP } from '../../../../shared/money';
import { quoteHostOf } from './public-routes';
import { publicQuote } from './public-service';

const QUOTE_PAGE = /^\/quote\/([^/]*)\/?$/;
const clip = (text: string, max = 160) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

function withHead(html: string, title: string, description: string): string {
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    // A private proposal: never indexed, its links never followed.
    '<meta name="robots" content="noindex, nofollow" />',
    // The link is the secret: do not hand it to the sites the page links to.
    '<meta name="referrer" content="no-referrer" />',
  ];
  return html.replace(/<title>[^<]*<\/title>/, tags.join('\n    '));
}

/**
 * The head and status of /quote/{uniqueUrl} (storefront spec §2), or null for any other path. This
 * HTML load is the one place a view is counted (the page's data request does not count). An unknown
 * or malformed link, or another book's link on this host, is a true 404.
 */
export async function renderQuotePageHead(req: FastifyRequest, html: string): Promise<{ html: string; status: number } | null> {
  const match = QUOTE_PAGE.exec(req.url.split('?')[0]);
  if (!match) return null;
  let uniqueUrl = '';
  try {
    uniqueUrl = decodeURIComponent(match[1]);
  } catch {
    // A broken escape names nothing: 404 below.
  }
  const host = quoteHostOf(req);
  const quote = uniqueUrl ? await publicQuote(req.server.deps.scopes, host, uniqueUrl, req.method === 'GET') : null;
  if (!quote) return { html: withHead(html, `Quote not found | ${host.fromName}`, 'This proposal link is not valid.'), status: 404 };
  const who = quote.client.company ?? quote.client.name;
  const description = clip(quote.header_subtitle || `A proposal for ${who} from ${host.fromName}: ${formatGBP(quote.total_amount)}.`);
  return { html: withHead(html, `${quote.header_title} | ${host.fromName}`, description), status: 200 };
}
