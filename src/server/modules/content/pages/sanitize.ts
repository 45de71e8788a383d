import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_TAGS } from '../../../../shared/page-templates';
import { SAFE_RICH_TEXT_LINK as SAFE_LINK } from '../../../../shared/rich-text-links';

// Rich text from staff is cleaned here, on the server, before it is stored (admin spec §5): only the
// spec's tags survive, links keep only an href with a safe scheme, and script and style blocks go with
// their content. The storefront renders what this returns; sanitize-html never reaches a browser.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Tags outside the list are dropped but their text kept (escaped); these go with everything inside.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'title', 'xmp', 'noembed', 'noframes', 'plaintext'],
  // Common editor output mapped to the allowed equivalents.
  transformTags: {
    b: 'strong',
    i: 'em',
    h1: 'h2',
    h4: 'h3',
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      // Read the way a browser does: tabs and line breaks inside ignored, leading controls dropped.
      // eslint-disable-next-line no-control-regex -- exactly the characters browsers skip
      const probe = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
      // A link to nowhere or somewhere unsafe becomes plain text (span is not allowed, so only its
      // text stays). Kept links still go through sanitize-html's own scheme check.
      if (!SAFE_LINK.test(probe)) return { tagName: 'span', attribs: {} };
      const out: Record<string, string> = { href };
      if (attribs.title) out.title = attribs.title;
      // Links that leave the shop open in a new tab without handing it the opener.
      if (/^https?:/i.test(probe)) Object.assign(out, { target: '_blank', rel: 'noopener noreferrer nofollow' });
      return { tagName, attribs: out };
    },
  },
};

/** The body HTML as shoppers will get it. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text of a body (no tags), for the page's meta description. */
export function richTextToPlain(html: string): string {
  // Blocks end with a space, so "<h2>Hi</h2><p>We" reads "Hi We".
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|div)>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Every href (and src) in rich text as stored: sanitize-html writes attributes double-quoted with "&"
 * as "&amp;", so a pattern reads them back exactly (the media library asks which pages link a file).
 */
export function richTextUrls(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/gi)].map((m) => m[1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}
