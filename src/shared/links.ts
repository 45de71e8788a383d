// The one rule for addresses tenants and sales staff type that shoppers' browsers then open. No Zod, so
// any bundle may import it (docs/decisions/004-storefront-bundle-budget.md).

/**
 * An address a shopper's browser may load or follow (pictures, menu and page links, a quote's buttons):
 * an https:// URL, or a path on this site ("/files/…", "/about").
 * Protocol-relative "//host", backslashes, control characters and other schemes (javascript:, data:,
 * http:) are refused.
 */
export function isHttpsOrSitePath(value: string): boolean {
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) || value.includes('\\') || /\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!value.toLowerCase().startsWith('https://')) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}
