import { AppError } from '../../http/errors';

/** File storage that failed (unreachable, refused): a 503 the admin can retry, the cause logged by the caller. */
export function storageUnavailable(cause: unknown): AppError {
  const error = new AppError(503, 'storage_unavailable', 'File storage is not available right now. Please try again in a moment.');
  (error as AppError & { cause?: unknown }).cause = cause;
  return error;
}
