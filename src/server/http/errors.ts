import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '../../shared/errors';
import { isDatabaseBusy } from '../db/pool-gate';
import { isNotFoundIssue } from './params';

/** Seconds a client is asked to wait when the server sheds load (503). */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** Requests this process answered 503 `busy` (load shed, not a closed store), since start: metrics. */
let shedRequests = 0;
export const shedRequestCount = (): number => shedRequests;

/** A failure the client caused or may see: mapped to `{error:{code,message,fields}}` by one handler. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent with the error answer, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new AppError(404, 'not_found', what);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Your role does not allow this.') => new AppError(403, 'forbidden', message);
export const conflict = (code: ErrorCode, message: string, fields?: Record<string, string>) => new AppError(409, code, message, fields);
export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, 'invalid_input', message, fields);

interface ZodIssueLike {
  path: PropertyKey[];
  message: string;
  code?: string;
  keys?: string[];
}

/** Turns schema issues into one message per field; unknown keys name themselves. */
export function fieldsFromIssues(issues: ZodIssueLike[], prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) fields[[...issue.path.map(String), key].join('.')] = 'Unknown field';
      continue;
    }
    const key = issue.path.map(String).join('.') || prefix || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'The request body is empty but JSON was declared.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Send the request body as application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_input', message: 'The request body length is wrong.' },
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const send = (status: number, body: ApiErrorBody) => reply.status(status).send(body);
    if (err instanceof AppError) {
      if (err.status === 503 && err.code === 'busy') shedRequests++;
      if (err.headers) reply.headers(err.headers);
      return send(err.status, { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      // An id that cannot name a record (uuidParams): the same 404 as a missing one.
      const unnamed = where === 'params' ? err.validation.find((v) => isNotFoundIssue(v.params)) : undefined;
      if (unnamed) return send(404, { error: { code: 'not_found', message: unnamed.message ?? 'Not found' } });
      const fields = fieldsFromIssues(
        err.validation.map((v) => ({
          code: v.keyword,
          message: v.message ?? 'Invalid value',
          path: v.instancePath.split('/').filter(Boolean),
          keys: (v.params as { keys?: string[] }).keys,
        })),
      );
      const message = where === 'body' ? 'Some fields are missing or invalid.' : `The request ${where} is invalid.`;
      return send(400, { error: { code: 'invalid_input', message, fields } });
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return send(err.statusCode ?? 400, { error: known });
    if (err.statusCode === 429) {
      return send(429, { error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' } });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, { error: { code: 'bad_request', message: err.message } });
    }
    if (isDatabaseBusy(err)) {
      shedRequests++;
      req.log.warn({ url: req.url }, 'database busy: request shed with 503');
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      return send(503, { error: { code: 'busy', message: 'The shop is very busy right now. Please try again in a moment.' } });
    }
    req.log.error({ err }, 'unhandled error');
    return send(500, { error: { code: 'internal', message: 'Something went wrong. Please try again.' } });
  });
}
