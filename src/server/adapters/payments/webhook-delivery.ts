import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { TEST_SIGNATURE_HEADER } from './test-gateway-signing';
import { PAYMENT_WEBHOOK_PATH } from './payments';

const TEST_WEBHOOK_URL = PAYMENT_WEBHOOK_PATH.replace(':provider', 'test');

/**
 * Posts a test gateway event to the app's own webhook route through app.inject, so it meets the same
 * verification a real provider's delivery does. False (and a log line) when it was not accepted.
 */
export async function deliverTestWebhook(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  signed: { payload: string; signature: string; eventId: string },
  type: string,
): Promise<boolean> {
  try {
    const res = await app.inject({
      method: 'POST',
      url: TEST_WEBHOOK_URL,
      headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signed.signature, 'user-agent': 'shop-test-gateway' },
      payload: signed.payload,
    });
    if (res.statusCode >= 200 && res.statusCode < 300) return true;
    log.error({ status: res.statusCode, body: res.body.slice(0, 500), eventId: signed.eventId, type }, 'test gateway webhook was not accepted');
  } catch (err) {
    log.error({ err, eventId: signed.eventId, type }, 'test gateway webhook failed');
  }
  return false;
}
