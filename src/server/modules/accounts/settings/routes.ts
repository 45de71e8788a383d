import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../../http/guards';
import { uuidParams } from '../../../http/params';
import { accountResponse, changeEmailBody, changePasswordBody, devicesResponse, messageResponse } from '../../../../shared/account-settings';
import { clientMeta } from '../auth/cookies';
import { mailSiteOf } from '../mail-site';
import { EMAIL_CHANGE_PATH, EMAIL_CHANGE_QUERY_MAX as MAX } from './email-change';
import * as settings from './service';

const confirmQuery = z.object({
  u: z.string().max(MAX.u).default(''),
  n: z.string().max(MAX.n).default(''),
  e: z.string().max(MAX.e).default(''),
  t: z.string().max(MAX.t).default(''),
  r: z.string().max(MAX.r).default(''),
});

/** Account settings (issue 26 item 2): any signed-in person, on any host, about their own account only. */
export const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ scopes: app.deps.scopes, config: app.deps.config, mail: app.deps.email, secret: app.deps.secrets.cookieSecret });
  const noStore = { 'cache-control': 'no-store' };

  app.get('/api/account', { schema: { response: { 200: accountResponse } } }, async (req, reply) => reply.headers(noStore).send(await settings.accountOf(deps(), requireActor(req))));

  app.post('/api/account/password', { schema: { body: changePasswordBody, response: { 200: messageResponse } } }, async (req) =>
    settings.changePassword(deps(), requireActor(req), req.body, clientMeta(req)),
  );

  app.post('/api/account/email', { schema: { body: changeEmailBody, response: { 202: messageResponse } } }, async (req, reply) =>
    reply.status(202).send(await settings.requestEmailChange(deps(), mailSiteOf(req), requireActor(req), req.body, clientMeta(req))),
  );

  // The link in "Confirm your new email address": back to the account page it was asked from, which says how it went.
  app.get(EMAIL_CHANGE_PATH, { config: { anonymous: true }, schema: { querystring: confirmQuery } }, async (req, reply) => {
    const outcome = await settings.confirmEmailChange(deps(), mailSiteOf(req), req.query);
    const page = req.query.r === 'admin' ? '/admin/account' : '/account';
    return reply.redirect(`${page}?email_change=${outcome}`, 302);
  });

  app.get('/api/account/sessions', { schema: { response: { 200: devicesResponse } } }, async (req, reply) => reply.headers(noStore).send(await settings.listDevices(deps(), requireActor(req))));

  app.delete('/api/account/sessions/:id', { schema: { params: uuidParams('id', 'Device not found'), response: { 200: messageResponse } } }, async (req) =>
    settings.signOutDevice(deps(), requireActor(req), req.params.id),
  );

  app.post('/api/account/sessions/sign-out-others', { schema: { response: { 200: messageResponse } } }, async (req) => settings.signOutOtherDevices(deps(), requireActor(req)));
};
