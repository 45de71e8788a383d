import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { asStoreManager, inStore, requireActor } from '../../../http/guards';
import { uuidParams } from '../../../http/params';
import { badRequest } from '../../../http/errors';
import { accountForExport, clearSessionCookie, clientMeta, confirmCurrentPassword, emailConfirmed, eraseOwnAccount } from '../../accounts';
import { tenantName } from '../../tenants';
import { CUSTOMER_MESSAGES } from '../../../../shared/customers';
import { PLATFORM_NAME } from '../../../../shared/platform';
import { dataFileName, eraseCustomerBody, eraseOwnDataBody, PRIVACY_TEXT, privacyMessageResponse } from '../../../../shared/privacy';
import { customerOr404 } from '../admin/service';
import * as privacy from './service';

const idParams = uuidParams('id', CUSTOMER_MESSAGES.notFound);

/** A JSON file to keep: readable (indented), never cached anywhere. */
function sendFile(reply: FastifyReply, name: string, body: unknown) {
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(JSON.stringify(body, null, 2));
}

/**
 * Privacy (issue 26 item 5). A signed-in person, on a store's host: their data in that store, and its
 * erasure; on the platform host: their account, and its erasure (the only place it can be erased). A
 * store's owners and admins: a customer's data and its erasure, from the customer's page.
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const authDeps = () => ({ scopes: app.deps.scopes, config: app.deps.config });

  app.get('/api/account/data', async (req, reply) => {
    const actor = requireActor(req);
    const store = req.tenant;
    if (!store) {
      const file = await app.deps.scopes.run({ tenantId: null, userId: actor.userId }, async ({ tx }) => {
        const account = await accountForExport(tx, actor.userId);
        await privacy.recordRequest(tx, { tenantId: null, kind: 'export', requestedBy: 'customer', staffUserId: null, counts: { account: 1 } });
        return { about: { service: PLATFORM_NAME, made_at: new Date().toISOString(), note: 'Your account. Each shop keeps its own records of your orders: download them from your account on its site.' }, account };
      });
      return sendFile(reply, dataFileName('my-account'), file);
    }
    const file = await inStore(req, async (ctx) => {
      const who = { userId: actor.userId, email: (await emailConfirmed(ctx.tx, actor.userId)) ? actor.email.toLowerCase() : null };
      const data = await privacy.storeDataOf(ctx, who, store.name, true);
      await privacy.recordRequest(ctx.tx, { tenantId: ctx.tenantId, kind: 'export', requestedBy: 'customer', staffUserId: null, counts: privacy.exportCounts(data) });
      return data;
    });
    return sendFile(reply, dataFileName(`my-${store.slug}`), file);
  });

  app.post('/api/account/erase', { schema: { body: eraseOwnDataBody, response: { 200: privacyMessageResponse } } }, async (req, reply) => {
    const actor = requireActor(req);
    await confirmCurrentPassword(authDeps(), actor, req.body.current_password, clientMeta(req));
    if (!req.tenant) {
      await app.deps.scopes.run({ tenantId: null, userId: actor.userId }, async ({ tx }) => {
        await eraseOwnAccount(tx, actor);
        await privacy.recordRequest(tx, { tenantId: null, kind: 'erasure', requestedBy: 'customer', staffUserId: null, counts: { account: 1 } });
      });
      clearSessionCookie(req, reply);
      return { message: PRIVACY_TEXT.erasedAccount };
    }
    await inStore(req, async (ctx) => {
      const who = { userId: actor.userId, email: (await emailConfirmed(ctx.tx, actor.userId)) ? actor.email.toLowerCase() : null };
      const counts = await privacy.eraseOwnStoreData(ctx, app.deps, actor.userId, who);
      await privacy.recordRequest(ctx.tx, { tenantId: ctx.tenantId, kind: 'erasure', requestedBy: 'customer', staffUserId: null, counts });
    });
    clearSessionCookie(req, reply);
    return { message: PRIVACY_TEXT.erasedHere };
  });

  app.get('/api/admin/customers/:id/data', { schema: { params: idParams } }, async (req, reply) => {
    const file = await asStoreManager(req, async (ctx) => {
      const customer = await customerOr404(ctx, req.params.id);
      const storeName = (await tenantName(ctx)) ?? '';
      const data = await privacy.storeDataOf(ctx, { email: customer.email, userId: customer.user_id }, storeName, false);
      await privacy.recordRequest(ctx.tx, { tenantId: ctx.tenantId, kind: 'export', requestedBy: 'staff', staffUserId: ctx.actor.userId, counts: privacy.exportCounts(data) });
      return data;
    });
    return sendFile(reply, dataFileName('customer'), file);
  });

  app.post('/api/admin/customers/:id/erase', { schema: { params: idParams, body: eraseCustomerBody, response: { 200: privacyMessageResponse } } }, async (req) => {
    await asStoreManager(req, async (ctx) => {
      const customer = await customerOr404(ctx, req.params.id);
      if (req.body.confirm_email !== customer.email) throw badRequest(PRIVACY_TEXT.confirmEmail, { confirm_email: PRIVACY_TEXT.confirmEmail });
      const counts = await privacy.eraseStoreData(ctx, app.deps, { email: customer.email, userId: customer.user_id }, PRIVACY_TEXT.customerOrdersUnderWay);
      await privacy.recordRequest(ctx.tx, { tenantId: ctx.tenantId, kind: 'erasure', requestedBy: 'staff', staffUserId: ctx.actor.userId, counts });
    });
    return { message: PRIVACY_TEXT.erasedCustomer };
  });
};
