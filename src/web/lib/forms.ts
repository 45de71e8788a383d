import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api';

/** Puts the server's field errors (`error.fields`) on the form's fields; true when any was placed. */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, known: readonly Path<T>[]): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const [field, message] of Object.entries(error.fields)) {
    if ((known as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}

/** Puts a Zod failure's first message per field on the form. */
export function applyZodIssues<T extends FieldValues>(issues: z.core.$ZodIssue[], setError: UseFormSetError<T>): void {
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!field || seen.has(field)) continue;
    seen.add(field);
    setError(field as Path<T>, { type: 'validate', message: issue.message });
  }
}
