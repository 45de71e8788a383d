import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// TOTP secrets at rest (issue 26, OWASP ASVS V6.6 and V14: authentication secrets protected): AES-256-GCM
// under a key derived (HKDF-SHA256) from the server's own secret, so a copy of the database alone does
// not give anyone the codes. Stored as base64url(iv | tag | ciphertext).

const keyOf = (serverSecret: string) => Buffer.from(hkdfSync('sha256', serverSecret, 'shop-totp-salt', 'totp-secret', 32));

export function sealSecret(serverSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The secret, or null when the sealed value was not made with this server secret (or was altered). */
export function openSecret(serverSecret: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
