import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inStore } from '../../../http/guards';
import type { StoreCtx } from '../../../http/context';
import { CART_MAX_QUANTITY, type Cart } from '../../../../shared/cart';
import { cartResponse, shippingMethodListResponse } from '../../../../shared/cart-schemas';
import { DISCOUNT_CODE_INPUT_MAX } from '../../../../shared/discounts';
import { clientAddressKey } from '../../../http/client-address';
import { hashToken } from '../../accounts';
import { conflict } from '../../../http/errors';
import { cartToken, setCartCookie } from './cart-cookie';
import * as service from './cart-service';
import { assertMayTryCode, countRefusedTry, type Trier } from './discount-tries';

const quantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(CART_MAX_QUANTITY, `Quantity cannot be more than ${CART_MAX_QUANTITY}`);
const id = z.string().trim().min(1).max(64);
const addBody = z.strictObject({ product_id: id, variant_id: id.nullable().optional(), quantity: quantity.default(1) });
const quantityBody = z.strictObject({ quantity });
const shippingBody = z.strictObject({ shipping_method_id: id });
const lineParam = z.strictObject({ id });
const discountBody = z.strictObject({
  code: z.string({ error: 'Enter a discount code' }).max(DISCOUNT_CODE_INPUT_MAX, 'Discount codes are at most 32 characters'),
});
const answersCart = { 200: cartResponse };

/**
 * Runs fn on this request's cart in one transaction and answers the cart as it then is. `create`
 * starts a cart (and its cookie) for a first add; reads never create one.
 */
async function withCart(req: FastifyRequest, reply: FastifyReply, create: boolean, fn?: (ctx: StoreCtx, cart: service.CartHandle['cart']) => Promise<void | Cart>) {
  const { cart, newToken } = await inStore(req, async (ctx) => {
    const handle = await service.resolveCart(ctx, cartToken(req), create);
    // A change that has already priced the cart answers it; the others are viewed afresh.
    const answered = fn ? await fn(ctx, handle.cart) : undefined;
    return { cart: answered ?? (await service.viewCart(ctx, handle.cart)), newToken: handle.newToken };
  });
  if (newToken) setCartCookie(req, reply, newToken);
  reply.header('cache-control', 'no-store');
  return { cart };
}

/** The cart's calls (the spec leaves their paths to us) and the delivery options. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/cart', { schema: { response: answersCart } }, async (req, reply) => withCart(req, reply, false));

  app.post('/api/cart/items', { schema: { body: addBody, response: answersCart } }, async (req, reply) =>
    withCart(req, reply, true, (ctx, cart) => service.addItem(ctx, cart!, req.body)),
  );

  app.patch('/api/cart/items/:id', { schema: { params: lineParam, body: quantityBody, response: answersCart } }, async (req, reply) =>
    withCart(req, reply, false, (ctx, cart) => service.setQuantity(ctx, cart, req.params.id, req.body.quantity)),
  );

  app.delete('/api/cart/items/:id', { schema: { params: lineParam, response: answersCart } }, async (req, reply) =>
    withCart(req, reply, false, (ctx, cart) => service.removeItem(ctx, cart, req.params.id)),
  );

  app.put('/api/cart/shipping', { schema: { body: shippingBody, response: answersCart } }, async (req, reply) =>
    withCart(req, reply, true, (ctx, cart) => service.chooseShipping(ctx, cart!, req.body.shipping_method_id)),
  );

  // A discount code (issue 28): one per cart; applying another replaces it. Refused tries are counted
  // (per cart and per address) before the refusal is answered, so guessing runs into 429.
  app.put('/api/cart/discount', { schema: { body: discountBody, response: answersCart } }, async (req, reply) => {
    const token = cartToken(req);
    const who: Trier = { cartKey: token ? hashToken(token) : null, address: clientAddressKey(req.ip) };
    let refused: { message: string } | null = null;
    const answer = await withCart(req, reply, true, async (ctx, cart) => {
      await assertMayTryCode(ctx, who);
      const applied = await service.applyDiscountCode(ctx, cart!, req.body.code);
      if (!applied.refused) return applied.cart;
      // Counted in this transaction, which commits: the refusal is answered once it has.
      await countRefusedTry(ctx, who);
      refused = applied.refused;
    });
    if (refused) {
      const { message } = refused;
      throw conflict('discount_refused', message, { code: message });
    }
    return answer;
  });

  app.delete('/api/cart/discount', { schema: { response: answersCart } }, async (req, reply) =>
    withCart(req, reply, false, (ctx, cart) => service.removeDiscountCode(ctx, cart)),
  );

  app.get('/api/shipping-methods', { schema: { response: { 200: shippingMethodListResponse } } }, async (req) => inStore(req, async (ctx) => ({ shipping_methods: await service.listShippingMethods(ctx) })));
};
