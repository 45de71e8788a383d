/**
 * Where to go after sign-in: a same-site path from the `redirect` query, else /admin.
 * Rejects absolute URLs, protocol-relative `//host` and backslash tricks so the login page cannot be
 * used to send people to another site.
 */
export function safeRedirectPath(raw: string | null | undefined, fallback = '/admin'): string {
  if (!raw) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  if ([...raw].some((ch) => ch.charCodeAt(0) < 0x20)) return fallback;
  try {
    const url = new URL(raw, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return fallback;
    if (url.pathname.startsWith('/login') || url.pathname.startsWith('/logout')) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
