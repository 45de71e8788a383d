import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponse } from '../../../../shared/auth';
import { messageResponse } from '../../../../shared/account-settings';
import { enableTwoStepBody, passwordConfirmBody, recoveryCodesResponse, twoStepSetup, twoStepSignInBody, twoStepStatus } from '../../../../shared/two-step';
import { PLATFORM_NAME } from '../../../../shared/platform';
import { requireActor } from '../../../http/guards';
import { AppError } from '../../../http/errors';
import { clientMeta, clearTwoStepChallenge, readTwoStepChallenge, rememberDevice, setSessionCookie } from '../auth/cookies';
import * as auth from '../auth/service';
import { storesRequiringTwoStep } from './requirement';
import * as twoStep from './service';
import { TWO_STEP_TEXT } from '../../../../shared/two-step';

/** Two-step sign-in (issue 26 item 3): the second step of signing in, and the account's set-up. */
export const twoStepRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ scopes: app.deps.scopes, config: app.deps.config, secret: app.deps.secrets.cookieSecret });

  // The code after the password: the challenge cookie says whose; a session starts when the code is right.
  app.post('/api/auth/sign-in/two-step', { schema: { body: twoStepSignInBody, response: { 200: sessionResponse } } }, async (req, reply) => {
    const userId = readTwoStepChallenge(req);
    if (!userId) throw new AppError(401, 'unauthorized', TWO_STEP_TEXT.expired);
    await twoStep.checkSecondStep(deps(), userId, req.body.code);
    const token = await auth.startSession(deps(), userId, clientMeta(req));
    clearTwoStepChallenge(req, reply);
    setSessionCookie(req, reply, token);
    const actor = await auth.loadActor(deps(), token);
    if (actor) rememberDevice(req, reply, actor.email);
    return reply.send(await auth.describeSession(deps(), actor));
  });

  app.get('/api/account/two-step', { schema: { response: { 200: twoStepStatus } } }, async (req, reply) => {
    const actor = requireActor(req);
    reply.header('cache-control', 'no-store');
    return twoStep.twoStepStatus(deps(), actor, await storesRequiringTwoStep(app.deps.scopes, actor));
  });

  // The QR code names the store whose host is used (or the platform), as the person knows it.
  app.post('/api/account/two-step/setup', { schema: { response: { 200: twoStepSetup } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return twoStep.startSetup(deps(), requireActor(req), req.tenant?.name ?? PLATFORM_NAME);
  });

  app.post('/api/account/two-step/enable', { schema: { body: enableTwoStepBody, response: { 200: recoveryCodesResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return twoStep.enableTwoStep(deps(), requireActor(req), req.body.code);
  });

  app.post('/api/account/two-step/disable', { schema: { body: passwordConfirmBody, response: { 200: messageResponse } } }, async (req) => {
    const actor = requireActor(req);
    return twoStep.disableTwoStep(deps(), actor, req.body.current_password, clientMeta(req), await storesRequiringTwoStep(app.deps.scopes, actor));
  });

  app.post('/api/account/two-step/recovery-codes', { schema: { body: passwordConfirmBody, response: { 200: recoveryCodesResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return twoStep.replaceRecoveryCodes(deps(), requireActor(req), req.body.current_password, clientMeta(req));
  });
};
