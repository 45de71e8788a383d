import { SAFE_RICH_TEXT_LINK } from '@shared/rich-text-links';

// Whether an email template's HTML can open in the rich-text editor without losing anything: only the
// elements and attributes its email profile keeps (extensions.ts). Anything else (tables, images,
// divs, classes, a whole HTML document) stays in the HTML view, where it is edited as it is.

const TAGS = new Set(['P', 'H1', 'H2', 'H3', 'STRONG', 'B', 'EM', 'I', 'U', 'A', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'BR']);
const STYLED = new Set(['P', 'H1', 'H2', 'H3']);
const LINK_ATTRIBUTES = new Set(['href', 'target', 'rel', 'title']);
const TEMPLATE_HREF = /^\{\{\s*[a-z][a-z0-9_]*\s*\}\}$/;
const WHOLE_DOCUMENT = /^\s*(<!doctype|<html[\s>])/i;

export function fitsRichText(html: string): boolean {
  if (WHOLE_DOCUMENT.test(html)) return false;
  // Parsed inertly: a template never runs or loads anything here.
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body;
  for (const element of body.querySelectorAll('*')) {
    if (!TAGS.has(element.tagName)) return false;
    for (const attribute of element.attributes) {
      const ok = element.tagName === 'A' ? LINK_ATTRIBUTES.has(attribute.name) : attribute.name === 'style' && STYLED.has(element.tagName);
      if (!ok) return false;
    }
    const href = element.tagName === 'A' ? (element.getAttribute('href') ?? '').trim() : null;
    if (href !== null && !SAFE_RICH_TEXT_LINK.test(href) && !TEMPLATE_HREF.test(href)) return false;
  }
  return true;
}
