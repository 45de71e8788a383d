import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeTenantBody, isOwnerResponse, sessionResponse, signInBody, signUpBody } from '../../../../shared/auth';
import { requireActor } from '../../../http/guards';
import { unauthorized } from '../../../http/errors';
import * as auth from './service';
import { clearSessionCookie, clientMeta as meta, rememberDevice, sessionToken, setSessionCookie } from './cookies';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ scopes: app.deps.scopes, config: app.deps.config });

  /** After a new token, describe the session as the browser will now see it. */
  async function answerWithSession(token: string) {
    const actor = await auth.loadActor(deps(), token);
    return auth.describeSession(deps(), actor);
  }

  app.post('/api/auth/sign-up', { schema: { body: signUpBody, response: { 201: sessionResponse } } }, async (req, reply) => {
    const token = await auth.signUp(deps(), req.body, meta(req));
    setSessionCookie(req, reply, token);
    rememberDevice(req, reply, req.body.email);
    return reply.status(201).send(await answerWithSession(token));
  });

  app.post('/api/auth/sign-in', { schema: { body: signInBody, response: { 200: sessionResponse } } }, async (req, reply) => {
    const token = await auth.signIn(deps(), req.body, meta(req));
    setSessionCookie(req, reply, token);
    rememberDevice(req, reply, req.body.email);
    return reply.send(await answerWithSession(token));
  });

  app.post('/api/auth/sign-out', async (req, reply) => {
    await auth.signOut(deps(), sessionToken(req));
    clearSessionCookie(req, reply);
    return reply.status(204).send();
  });

  app.get('/api/auth/session', { schema: { response: { 200: sessionResponse } } }, async (req) => auth.describeSession(deps(), req.actor));

  app.put('/api/auth/active-tenant', { schema: { body: activeTenantBody, response: { 200: sessionResponse } } }, async (req) => {
    const actor = await auth.chooseActiveTenant(deps(), requireActor(req), req.body.tenant_id);
    return auth.describeSession(deps(), actor);
  });

  app.delete('/api/auth/active-tenant', { schema: { response: { 200: sessionResponse } } }, async (req) => {
    const actor = await auth.chooseActiveTenant(deps(), requireActor(req), null);
    return auth.describeSession(deps(), actor);
  });

  // Storefront spec §7: answers isOwner; 401 means not signed in (and so not an owner).
  app.get('/api/is-owner', { schema: { response: { 200: isOwnerResponse } } }, async (req) => {
    if (!req.actor) throw unauthorized();
    return { isOwner: req.actor.isOwner };
  });
};
