import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** Methods whose body means nothing (RFC 9110 §9.3.1-2) and which Fastify never reads. */
const BODYLESS = new Set(['GET', 'HEAD']);

const tooLarge = (limit: number) =>
  new AppError(413, 'body_too_large', `A ${limit / (1024 * 1024)} MB request body is the most this server reads, and a GET needs none.`, undefined, { connection: 'close' });

/** True when the request says a body follows: a length above zero, or chunked. */
function announcesBody(req: FastifyRequest): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/**
 * A GET (or HEAD) that comes with a body, as fuzzers and some clients send, answers as it would
 * without one (issue 24 item 7: such requests to the streamed product CSV export were seen dropped).
 * Fastify never reads that body: its bytes stay in the connection while the answer goes out, to be
 * drained only afterwards, and a socket closed with unread data in it is reset rather than closed,
 * which can cut an answer short. So the body is read and thrown away before the route runs, within
 * the body limit every request has; past it, 413 and the connection is closed. Registered once on the
 * app, before every other hook, so no GET route can forget it.
 */
export function registerBodylessRequests(app: FastifyInstance, limit: number): void {
  app.addHook('onRequest', async (req) => {
    if (!BODYLESS.has(req.method) || !announcesBody(req)) return;
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
    await discard(req.raw, limit);
  });
}

/**
 * Reads a body to its end and drops it. Past `limit` it stops reading (pause, never destroy: that would
 * close the socket before the 413 is written). A client that goes away mid-body ends the wait too.
 */
function discard(raw: IncomingMessage, limit: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let received = 0;
    const finish = (error?: Error) => {
      raw.off('data', onData).off('end', onEnd).off('error', finish).off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) return;
      raw.pause();
      finish(tooLarge(limit));
    };
    const onEnd = () => finish();
    const onClose = () => finish(new AppError(400, 'invalid_input', 'The request body was cut short.'));
    raw.on('data', onData).once('end', onEnd).once('error', finish).once('close', onClose);
  });
}
