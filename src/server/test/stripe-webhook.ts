import Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import type { FakeStripe } from '../adapters/payments/fake-stripe';
import { DEMO_HOST } from './harness';

const signer = new Stripe('sk_test_signer');

/**
 * Stripe's checkout.session.completed for a session the fake holds, signed with the endpoint's secret
 * and posted to the app's webhook route, as Stripe delivers it. The event id defaults to one per session.
 */
export function stripeCompleted(app: FastifyInstance, fake: FakeStripe, webhookSecret: string, sessionId: string, opts: { eventId?: string; host?: string } = {}) {
  const body = JSON.stringify({
    id: opts.eventId ?? `evt_completed_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object: fake.sessionObject(sessionId) },
  });
  const header = signer.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
  return app.inject({ method: 'POST', url: '/api/webhooks/payments/stripe', headers: { host: opts.host ?? DEMO_HOST, 'content-type': 'application/json', 'stripe-signature': header }, payload: body });
}
