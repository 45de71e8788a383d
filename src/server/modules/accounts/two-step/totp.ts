import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { createHash, randomInt } from 'node:crypto';

// TOTP (RFC 6238) through the otpauth library: SHA-1, 6 digits, 30-second steps, as every
// authenticator app reads them. A code of the step before or after is accepted (clock drift).

const PERIOD_S = 30;
const WINDOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = 'account', issuer = 'Shopfront') {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, label: string, issuer: string): string {
  return totp(secret, label, issuer).toString();
}

/** The QR code of that address, as an SVG to show in the page. */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}

/** The code for a moment (tests; the set-up screen never shows one). */
export function totpCodeAt(secret: string, timestamp: number): string {
  return totp(secret).generate({ timestamp });
}

/** The 30-second step the code belongs to (within the window around `now`), or null when it fits none. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten codes like "k7qm-x3vd-p9ta" (about 70 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('')).join('-'),
  );
}

/** What a typed recovery code is compared as: lower case, no spaces or dashes. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}
