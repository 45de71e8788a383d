import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './payments';

/** The header the built-in gateway signs its webhooks in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const TEST_SIGNATURE_HEADER = 'test-gateway-signature';
/** How old a signed webhook may be, either way, before it is refused (replay window). */
export const TEST_WEBHOOK_TOLERANCE_SECONDS = 300;
/** `t=...,v1=...` for a body, as the gateway sends it (exported for tests and tools). */
export function signTestWebhook(secret: string, body: string | Buffer, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

function hmacHex(secret: string, timestamp: number | string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** Throws WebhookSignatureError unless the header signs this exact body with the secret, recently. */
export function verifyTestSignature(secret: string, rawBody: Buffer, header: string | string[] | undefined, nowMs = Date.now()): void {
  if (typeof header !== 'string' || !header) throw new WebhookSignatureError(`Missing ${TEST_SIGNATURE_HEADER} header.`);
  let timestamp: string | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) {
    throw new WebhookSignatureError(`Malformed ${TEST_SIGNATURE_HEADER} header.`);
  }
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > TEST_WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Webhook timestamp is outside the tolerance window.');
  }
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((sig) => {
    const given = /^[0-9a-f]{64}$/i.test(sig) ? Buffer.from(sig, 'hex') : null;
    return given !== null && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('Webhook signature does not match.');
}

