import { z } from 'zod';
import { ERROR_CODES, type ApiErrorBody } from './errors';

/**
 * The error body (DESIGN rule 5) as a schema, for the rare route that answers an error itself instead of
 * throwing (the payment webhook's 400s); every other error goes through the one error handler and needs
 * none. Kept apart from errors.ts, which the web app's first bundle imports without Zod.
 */
export const apiErrorResponse = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});

// The hand-written ApiErrorBody must stay the schema's type.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _errorBodyMatches: Same<z.infer<typeof apiErrorResponse>, ApiErrorBody> = true;
void _errorBodyMatches;
