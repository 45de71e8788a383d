import { isHttpsOrSitePath } from './links';

// Links in rich text (content pages, email templates): one rule for what the server keeps and what
// the editor offers (decision 045). No Zod, so the admin's editor chunk stays small.

/**
 * Where a stored link may point: the web, mail, phone, this site's paths, or an anchor on the page
 * (the server's sanitiser keeps these; the editor loads them). Protocol-relative "//host" is refused.
 */
export const SAFE_RICH_TEXT_LINK = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;

/** A new link typed into the editor may be a page of the shop, an https:// address, mailto: or tel:. */
export const LINK_MESSAGES = {
  empty: 'Enter where the link goes',
  invalid: 'Use a page of your shop (/pages/about), an https:// address, an email address or a phone number',
  http: 'Use the secure https:// address',
  tooLong: 'Link must be 2,000 characters or fewer',
} as const;

const MAX_LINK = 2000;
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const PHONE = /^\+?[\d ()-]{6,20}$/;
/** "example.co.uk", "www.example.com/about": a host with a dot, no scheme. */
const BARE_HOST = /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?:[/?#]\S*)?$/i;
/** An email template's own link variable, such as {{claim_url}}. */
const TEMPLATE_VARIABLE = /^\{\{\s*[a-z][a-z0-9_]*\s*\}\}$/;

export type LinkCheck = { href: string } | { error: string };

/**
 * What a person typed as a link, as the href to store, or why not. Friendly with what people paste:
 * an email address becomes mailto:, a phone number tel:, "www.example.com" https://.
 * `templateVariables` (email templates): a single {{variable}} is accepted as it is.
 */
export function checkLinkInput(input: string, options: { templateVariables?: boolean } = {}): LinkCheck {
  const text = input.trim();
  if (!text) return { error: LINK_MESSAGES.empty };
  if (text.length > MAX_LINK) return { error: LINK_MESSAGES.tooLong };
  if (options.templateVariables && TEMPLATE_VARIABLE.test(text)) return { href: text.replace(/\s+/g, '') };
  const lower = text.toLowerCase();
  if (lower.startsWith('http://')) return { error: LINK_MESSAGES.http };
  if (lower.startsWith('mailto:')) return EMAIL.test(text.slice(7).split('?')[0]) ? { href: text } : { error: LINK_MESSAGES.invalid };
  if (lower.startsWith('tel:')) return PHONE.test(text.slice(4)) ? { href: `tel:${text.slice(4).replace(/[ ()-]/g, '')}` } : { error: LINK_MESSAGES.invalid };
  if (text.startsWith('/') || lower.startsWith('https://')) return isHttpsOrSitePath(text) ? { href: text } : { error: LINK_MESSAGES.invalid };
  if (EMAIL.test(text)) return { href: `mailto:${text}` };
  if (PHONE.test(text) && /\d{6}/.test(text.replace(/\D/g, ''))) return { href: `tel:${text.replace(/[ ()-]/g, '')}` };
  if (BARE_HOST.test(text)) return isHttpsOrSitePath(`https://${text}`) ? { href: `https://${text}` } : { error: LINK_MESSAGES.invalid };
  return { error: LINK_MESSAGES.invalid };
}
