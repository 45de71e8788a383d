import { z } from 'zod';
import { isUuid } from '../../shared/ids';

/** Marks a path-parameter issue that must answer 404 (the id cannot name anything), not 400. */
export const NOT_FOUND_ISSUE = { answer: 404 } as const;

/**
 * Path parameters that are record ids: one schema for every `/:id` route. A value that is not a UUID
 * cannot name a record, so it answers the same 404 as a missing or another tenant's record (DESIGN
 * rule 5), with the route's own message, before the handler or any SQL runs.
 */
export function uuidParams<K extends string>(names: K | readonly K[], notFoundMessage: string) {
  const id = z.string().max(64).refine(isUuid, { message: notFoundMessage, params: NOT_FOUND_ISSUE });
  const keys: readonly K[] = typeof names === 'string' ? [names] : names;
  return z.strictObject(Object.fromEntries(keys.map((k) => [k, id])) as Record<K, typeof id>);
}

export const isNotFoundIssue = (params: unknown) => (params as { params?: { answer?: number } } | undefined)?.params?.answer === NOT_FOUND_ISSUE.answer;
