import Bowser from 'bowser';

/** "Chrome on Windows" from a user agent (bowser), for the signed-in devices list; "Unknown browser" otherwise. */
export function describeBrowser(userAgent: string | null): string {
  const ua = userAgent?.trim().slice(0, 300);
  if (!ua) return 'Unknown browser';
  const parsed = Bowser.parse(ua);
  const browser = parsed.browser.name || 'Unknown browser';
  const os = parsed.os.name;
  return os ? `${browser} on ${os}` : browser;
}
