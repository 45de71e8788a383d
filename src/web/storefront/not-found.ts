import { ApiError } from '@/lib/api';

/** The server answered 404: the page shows its not-found state instead of an error. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
