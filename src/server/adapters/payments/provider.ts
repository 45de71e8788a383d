import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Secrets } from '../../secrets';
import type { PaymentProvider } from './payments';
import { StripeProvider } from './stripe-provider';
import { TestGateway } from './test-gateway';

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the built-in test gateway (DESIGN rule 7). */
export function createPaymentProvider(config: Config, secrets: Secrets, db: Db): PaymentProvider {
  if (config.stripe) return new StripeProvider(config.stripe);
  return new TestGateway(db, secrets.webhookSecret);
}

export { registerTestGatewayRoutes } from './test-gateway-routes';
