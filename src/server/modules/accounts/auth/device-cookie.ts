import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEVICE_COOKIE_MAX_AGE_MS } from '../../../../shared/auth';

// Device cookies (decision 031, OWASP "Slow down online guessing attacks with device cookies"): after a
// successful sign-in the browser gets an entry `nonce.issuedAt.mac`, where mac is an HMAC of the
// account's email, the nonce and the time, keyed with the server's cookie secret. Nothing is stored
// on the server; a forged entry, or one made for another account, fails the HMAC. The nonce's hash
// names the device in sign_in_failures, so one device can be locked out on its own.

/** A few accounts may share one browser (a family or shop computer): each keeps its own entry. */
const MAX_ENTRIES = 5;
const ENTRY = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
/** Longer than MAX_ENTRIES entries can be: anything longer is not ours and is ignored whole. */
const MAX_COOKIE_LENGTH = 400;

function mac(secret: string, email: string, nonce: string, issuedAt: string): string {
  return createHmac('sha256', secret).update(`device-cookie\n${email}\n${nonce}\n${issuedAt}`).digest('base64url');
}

/** The well-formed entries of a device cookie's value (at most MAX_ENTRIES), newest first. */
export function parseDeviceCookie(raw: string | undefined): string[] {
  if (!raw || raw.length > MAX_COOKIE_LENGTH) return [];
  return raw
    .split('~')
    .filter((e) => ENTRY.test(e))
    .slice(0, MAX_ENTRIES);
}

/**
 * The device id (SHA-256 of the nonce) of the entry that proves an earlier sign-in to this email, or
 * null: no entry, a forged or another account's entry, or one older than the cookie's lifetime.
 */
export function deviceFor(secret: string, entries: readonly string[], email: string, now = Date.now()): string | null {
  for (const entry of entries) {
    const [, nonce, issuedAt, given] = ENTRY.exec(entry) ?? [];
    if (!nonce) continue;
    const age = now - Number(issuedAt) * 1000;
    if (age < -60_000 || age > DEVICE_COOKIE_MAX_AGE_MS) continue;
    const expected = Buffer.from(mac(secret, email, nonce, issuedAt));
    if (timingSafeEqual(expected, Buffer.from(given))) return createHash('sha256').update(nonce).digest('hex');
  }
  return null;
}

/** The cookie's value after a sign-in to `email`: a fresh entry for it first, its older one dropped. */
export function withDeviceEntry(secret: string, entries: readonly string[], email: string, now = Date.now()): string {
  const nonce = randomBytes(16).toString('base64url');
  const issuedAt = String(Math.floor(now / 1000));
  const others = entries.filter((e) => deviceFor(secret, [e], email, now) === null);
  return [`${nonce}.${issuedAt}.${mac(secret, email, nonce, issuedAt)}`, ...others].slice(0, MAX_ENTRIES).join('~');
}
