import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeTenantBody, isOwnerResponse, sessionResponse, signInBody, signUpBody } from '../../../../shared/auth';
import { requireActor } from '../../../http/guards';
import { unauthorized } from '../../../http/errors';
import * as auth from './service';
import { z } from 'zod';
import { isUuid } from '../../../../shared/ids';
import { spendPlatformAllowance } from '../../limits';
import { CONFIRM_EMAIL_PATH, confirmEmail, confirmationLink, emailConfirmed, sendEmailConfirmation } from './email-confirmation';
import { PLATFORM_NAME } from '../../../../shared/platform';

const confirmQuery = z.object({ u: z.string().max(64).default(''), e: z.string().max(20).default(''), t: z.string().max(100).default('') });
const RESEND_LIMIT = { bucket: 'confirm_email_resend', max: 3, windowMs: 3600_000, message: 'We have sent several links already. Please check your inbox, or try again in an hour.' };
import { clearSessionCookie, clientMeta as meta, rememberDevice, sessionToken, setSessionCookie, setTwoStepChallenge } from './cookies';
import { usesTwoStep } from '../two-step/service';
import { twoStepChallengeResponse } from '../../../../shared/two-step';

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

  app.post('/api/auth/sign-in', { schema: { body: signInBody, response: { 200: sessionResponse, 202: twoStepChallengeResponse } } }, async (req, reply) => {
    const userId = await auth.verifyPassword(deps(), req.body, meta(req));
    // An account with two-step sign-in gets no session yet: the code comes next (issue 26).
    if (await usesTwoStep(deps(), userId)) {
      setTwoStepChallenge(req, reply, userId);
      return reply.status(202).send({ two_step_required: true as const });
    }
    const token = await auth.startSession(deps(), userId, meta(req));
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
  // The link in "Confirm your email" (issue 25): back to the admin, which says how it went.
  app.get(CONFIRM_EMAIL_PATH, { config: { anonymous: true }, schema: { querystring: confirmQuery } }, async (req, reply) => {
    const ok = isUuid(req.query.u) && (await confirmEmail(app.deps.scopes, app.deps.secrets.cookieSecret, req.query));
    return reply.redirect(`/admin?email_confirmed=${ok ? '1' : '0'}`, 302);
  });

  // A new link to the signed-in person's own address (3 an hour).
  app.post(`${CONFIRM_EMAIL_PATH}/resend`, async (req, reply) => {
    const actor = requireActor(req);
    await app.deps.scopes.run({ tenantId: null, userId: actor.userId }, async (work) => {
      if (await emailConfirmed(work.tx, actor.userId)) return;
      await spendPlatformAllowance(work.tx, RESEND_LIMIT, actor.userId);
      const origin = `${req.protocol}://${req.headers.host ?? app.deps.config.platformHost}`;
      const link = confirmationLink(app.deps.secrets.cookieSecret, origin, actor.userId, actor.email);
      await sendEmailConfirmation(work, app.deps.email, { tenantId: null, shopName: PLATFORM_NAME, to: actor.email, link });
    });
    return reply.status(204).send();
  });

  app.get('/api/is-owner', { schema: { response: { 200: isOwnerResponse } } }, async (req) => {
    if (!req.actor) throw unauthorized();
    return { isOwner: req.actor.isOwner };
  });
};
