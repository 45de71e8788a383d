import type { Config } from '../../config';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Secrets } from '../../secrets';
import type { PaymentProvider } from './payments';
import { StripeProvider } from './stripe-provider';
import { TestGateway } from './test-gateway';

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the built-in test gateway (DESIGN rule 7). */
export function createPaymentProvider(config: Config, secrets: Secrets, scopes: UnitOfWork): PaymentProvider {
  if (config.stripe) return new StripeProvider(config.stripe);
  return new TestGateway(scopes, secrets.webhookSecret);
}

export { registerTestGatewayRoutes } from './test-gateway-routes';
