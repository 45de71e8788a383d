import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';

const ANSWER = Symbol('answer before serialisation');

/**
 * Tests only: a route's response schema strips keys it does not list, so a field a service adds but
 * its schema forgets would vanish from the answer without an error. This compares every JSON answer
 * as sent with the object the handler returned and fails the request (500, logged) when they differ.
 */
export function failOnResponseDrift(app: FastifyInstance): void {
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (payload !== null && typeof payload === 'object') (req as unknown as Record<symbol, unknown>)[ANSWER] = JSON.parse(JSON.stringify(payload));
    return payload;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const before = (req as unknown as Record<symbol, unknown>)[ANSWER];
    if (before === undefined || typeof payload !== 'string' || reply.statusCode >= 400) return payload;
    const sent: unknown = JSON.parse(payload);
    if (!isDeepStrictEqual(sent, before)) throw new Error(`response schema of ${req.routeOptions.method} ${req.routeOptions.url} changed the answer: sent ${payload.slice(0, 500)}`);
    return payload;
  });
}
