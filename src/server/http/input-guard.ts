import type { FastifyInstance } from 'fastify';
import { findUnsafeText, TOO_DEEP_MESSAGE } from '../../shared/safe-text';
import { AppError } from './errors';

const PARTS = [
  ['params', 'path'],
  ['query', 'query string'],
  ['body', 'body'],
] as const;

/**
 * Refuses NUL characters, lone surrogates and absurd nesting in every route's path parameters, query
 * string and JSON body before any validator or handler sees them (DESIGN rule 13). Registered once on
 * the app, so a route cannot forget it, whether or not it declares a schema.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const [part, name] of PARTS) {
      const unsafe = findUnsafeText(req[part]);
      if (unsafe) {
        const field = unsafe.path || (part === 'body' ? '_' : part);
        const what = unsafe.message === TOO_DEEP_MESSAGE ? 'is nested too deeply' : 'contains characters that are not allowed';
        throw new AppError(400, 'invalid_input', `The request ${name} ${what}.`, { [field]: unsafe.message });
      }
    }
  });
}
