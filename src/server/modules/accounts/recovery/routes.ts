import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponse } from '../../../../shared/auth';
import { resetCompleteBody, resetRequestBody, resetRequestResponse, resetStatusQuery, resetStatusResponse } from '../../../../shared/account-recovery';
import { clientMeta, rememberDevice, setSessionCookie, setTwoStepChallenge } from '../auth/cookies';
import { twoStepChallengeResponse } from '../../../../shared/two-step';
import * as auth from '../auth/service';
import { completePasswordReset, requestPasswordReset, resetLinkStatus } from './password-reset';
import { mailSiteOf, requestHost } from '../mail-site';

/** "Forgot password" on every host (issue 26 item 1). Open while a store is suspended or not launched (/api/auth). */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ scopes: app.deps.scopes, mail: app.deps.email, config: app.deps.config });

  app.post('/api/auth/password-reset', { schema: { body: resetRequestBody, response: { 202: resetRequestResponse } } }, async (req, reply) =>
    reply.status(202).send(await requestPasswordReset(deps(), mailSiteOf(req), req.body.email, req.ip)),
  );

  app.get('/api/auth/password-reset', { schema: { querystring: resetStatusQuery, response: { 200: resetStatusResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return resetLinkStatus(deps(), req.query.token, requestHost(req));
  });

  app.post('/api/auth/password-reset/complete', { schema: { body: resetCompleteBody, response: { 200: sessionResponse, 202: twoStepChallengeResponse } } }, async (req, reply) => {
    const done = await completePasswordReset(deps(), req.body.token, req.body.password, requestHost(req), clientMeta(req));
    if ('twoStepFor' in done) {
      setTwoStepChallenge(req, reply, done.twoStepFor);
      return reply.status(202).send({ two_step_required: true as const });
    }
    const token = done.token;
    setSessionCookie(req, reply, token);
    const actor = await auth.loadActor(deps(), token);
    if (actor) rememberDevice(req, reply, actor.email);
    return reply.send(await auth.describeSession(deps(), actor));
  });
};
