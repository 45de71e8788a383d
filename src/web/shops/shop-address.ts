import { SUBDOMAIN_LIMITS } from '@shared/shops';
import { slugify } from '@shared/slugify';

// A shop's address on the platform is a subdomain of the platform host (src/shared/shops.ts has the
// rules the server applies). These turn what the person types into something close to valid; the
// server's check has the last word.

/**
 * The address suggested for a shop name: its slug, at most 40 characters (cut after a whole word when
 * the name is longer), no hyphen at either end.
 */
export function suggestAddress(name: string): string {
  const slug = slugify(name);
  if (slug.length <= SUBDOMAIN_LIMITS.max) return slug;
  const cut = slug.slice(0, SUBDOMAIN_LIMITS.max);
  const lastHyphen = cut.lastIndexOf('-');
  const atWord = slug[SUBDOMAIN_LIMITS.max] === '-' || lastHyphen < SUBDOMAIN_LIMITS.min ? cut : cut.slice(0, lastHyphen);
  return atWord.replace(/^-+|-+$/g, '');
}

/**
 * What the address box keeps of what is typed: lower case, spaces and other separators as one
 * hyphen, nothing else outside a-z, 0-9 and hyphens, no leading hyphen, at most 40 characters. A
 * trailing hyphen stays, so "fern-" can become "fern-pottery"; the check says when it is left there.
 */
export function typedAddress(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_.]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+/, '')
    .slice(0, SUBDOMAIN_LIMITS.max);
}

/** The platform's host as people see it in the address bar (without "www."), for the address suffix. */
export function platformHostOf(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\./, '');
}
