import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** The field of each log line that names its request (Fastify's default name, said once here). */
export const REQUEST_ID_LOG_LABEL = 'reqId';

/**
 * What a request id from the proxy may look like: a UUID, a hex trace id, Caddy's or nginx's ids and
 * the like. Bounded and plain, because it goes into every log line and a response header: no spaces,
 * quotes or control characters that could forge a log line or split a header.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:@+=/-]{1,128}$/;

/**
 * Fastify's own request id options (decision 055). Every request gets an id, which Fastify puts on
 * each line its request logger (req.log) writes, as `reqId`. A proxy in front (TRUST_PROXY) may name
 * the request itself, so its access log, this server's log lines and the trace share one id; a client
 * that reaches the server directly cannot choose what its requests are logged under. A malformed id
 * is replaced, not refused: the request itself is fine.
 */
export function requestIdOptions(trustProxy: boolean): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader' | 'logController'> {
  return {
    // Fastify would take the header as it is, from anyone: genReqId decides instead.
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
    genReqId: trustProxy ? (req: IncomingMessage) => proxiedRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID() : () => randomUUID(),
  };
}

/** The proxy's id when there is exactly one and it is acceptable, else undefined. */
export function proxiedRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && ACCEPTED_ID.test(header) ? header : undefined;
}

/**
 * Every answer names its request: set first thing, so an answer from any later hook, the error
 * handler or the not-found handler carries it too.
 */
export function returnRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
}
