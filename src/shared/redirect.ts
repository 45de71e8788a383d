const BASE = 'http://same.invalid';
/** More layers of percent-encoding than this is no path a page of ours links to. */
const MAX_DECODINGS = 3;
const MAX_LENGTH = 2000;
/** A control character or a backslash: browsers drop or rewrite these, so a path holding one is refused. */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHAR = /[\u0000-\u001f\u007f\\]/;
/** One leading slash followed by something other than another slash or a backslash (or nothing). */
const SINGLE_SLASH_PATH = /^\/(?![/\\])/;

/**
 * The path a browser would end up at for `value` on our own origin, or null when it would leave it
 * (resolving `.`/`..` segments, `%2e`, backslashes and dropped tabs the way the URL parser does).
 */
function sameOriginPath(value: string): URL | null {
  if (UNSAFE_CHAR.test(value) || !SINGLE_SLASH_PATH.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || !SINGLE_SLASH_PATH.test(url.pathname)) return null;
  return url;
}

const isSignInPage = (pathname: string) => /^\/log(in|out)/i.test(pathname);
/** Undoes one layer of %XX for ASCII only (what can hide a slash, a dot or a control character). */
const decodeAscii = (path: string) => path.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * Where to go after sign-in: a same-site path from the `redirect` query, else the fallback.
 * The value is normalised first, as a browser would (dot segments, `%2e`, backslashes, tabs and
 * newlines), and again after each layer of percent-decoding, so `/.//evil.com`, `/%2e//evil.com`,
 * `/%5cevil.com` or `/\tevil.com` cannot turn into `//evil.com` (another site) at any step. Only a
 * single leading `/` followed by something other than `/` or `\` is accepted.
 */
export function safeRedirectPath(raw: string | null | undefined, fallback = '/admin'): string {
  if (!raw || raw.length > MAX_LENGTH) return fallback;
  const url = sameOriginPath(raw);
  if (!url || isSignInPage(url.pathname)) return fallback;
  // Something down the line may decode the path again (a router, a server redirect): every decoded
  // form must still be a path on this site.
  let path = url.pathname;
  for (let round = 0; ; round++) {
    const decoded = decodeAscii(path);
    if (decoded === path) break;
    if (round === MAX_DECODINGS) return fallback;
    const next = sameOriginPath(decoded);
    if (!next || isSignInPage(next.pathname)) return fallback;
    path = next.pathname;
  }
  return url.pathname + url.search + url.hash;
}
