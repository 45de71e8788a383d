/**
 * The push services browsers use today (Chrome/Edge/Opera through FCM, Firefox through Mozilla's
 * autopush, Edge on Windows through WNS, Safari through Apple). A subscription elsewhere is refused,
 * so an anonymous shopper cannot make the server POST to an address of their choosing.
 */
export const DEFAULT_PUSH_HOSTS = ['fcm.googleapis.com', '*.push.services.mozilla.com', 'updates.push.services.mozilla.com', '*.notify.windows.com', 'web.push.apple.com', '*.push.apple.com'];

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether `endpoint` is an address the server may send pushes to: https on a listed host (`*.` covers
 * any subdomain, `*` any host), default port. Plain http only to a loopback host listed by name with
 * its port (`127.0.0.1:9999`): a local push service for tests and development, never by accident.
 */
export function isAllowedEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'http:') return LOOPBACK.has(host) && hosts.includes(url.host);
  if (url.protocol !== 'https:' || url.port !== '') return false;
  // An address literal is never a push service (and would bypass the name check).
  if (/^\d+(\.\d+){3}$/.test(host) || host.startsWith('[')) return false;
  return hosts.some((pattern) => {
    const p = pattern.toLowerCase();
    if (p === '*') return true;
    if (p.startsWith('*.')) return host.endsWith(p.slice(1)) && host.length > p.length - 1;
    return host === p;
  });
}
