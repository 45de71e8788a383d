// How the subscriptions table names a device and its push service, from what the browser sent.

/** "Chrome on Windows", "Safari on iPhone"...; the raw text when nothing is recognised. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const ua = userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge'
    : /OPR\//.test(ua) ? 'Opera'
    : /Firefox\//.test(ua) ? 'Firefox'
    : /(Chrome|Chromium|CriOS)\//.test(ua) ? 'Chrome'
    : /Safari\//.test(ua) ? 'Safari'
    : null;
  const system = /iPhone/.test(ua) ? 'iPhone'
    : /iPad/.test(ua) ? 'iPad'
    : /Android/.test(ua) ? 'Android'
    : /Windows/.test(ua) ? 'Windows'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
    : /CrOS/.test(ua) ? 'ChromeOS'
    : /Linux/.test(ua) ? 'Linux'
    : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (ua.length > 40 ? `${ua.slice(0, 40)}…` : ua);
}

const SERVICES: [RegExp, string][] = [
  [/(^|\.)fcm\.googleapis\.com$/, 'Google (FCM)'],
  [/(^|\.)push\.services\.mozilla\.com$/, 'Mozilla'],
  [/(^|\.)notify\.windows\.com$/, 'Microsoft (WNS)'],
  [/(^|\.)push\.apple\.com$/, 'Apple'],
];

/** The push service an endpoint belongs to, by name where known, else its host. */
export function pushServiceOf(endpoint: string): string {
  if (!URL.canParse(endpoint)) return 'Unknown';
  const host = new URL(endpoint).host;
  return SERVICES.find(([pattern]) => pattern.test(host))?.[1] ?? host;
}
