import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inStore } from '../../../http/guards';
import type { StoreCtx } from '../../../http/context';
import { CART_MAX_QUANTITY } from '../../../../shared/cart';
import { cartResponse, shippingMethodListResponse } from '../../../../shared/cart-schemas';
import { cartToken, setCartCookie } from './cart-cookie';
import * as service from './cart-service';

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
const answersCart = { 200: cartResponse };

/**
 * Runs fn on this request's cart in one transaction and answers the cart as it then is. `create`
 * starts a cart (and its cookie) for a first add; reads never create one.
 */
async function withCart(req: FastifyRequest, reply: FastifyReply, create: boolean, fn?: (ctx: StoreCtx, cart: service.CartHandle['cart']) => Promise<void>) {
  const { cart, newToken } = await inStore(req, async (ctx) => {
    const handle = await service.resolveCart(ctx, cartToken(req), create);
    if (fn) await fn(ctx, handle.cart);
    return { cart: await service.viewCart(ctx, handle.cart), newToken: handle.newToken };
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

  app.get('/api/shipping-methods', { schema: { response: { 200: shippingMethodListResponse } } }, async (req) => inStore(req, async (ctx) => ({ shipping_methods: await service.listShippingMethods(ctx) })));
};
