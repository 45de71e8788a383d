import { isApiErrorBody } from '@shared/errors';

/** A failed API call: the server's status, code, message and field errors (DESIGN rule 5). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one place the web app calls the server. Same-origin, cookie session, JSON both ways.
 * A non-2xx answer becomes an ApiError carrying the server's own message when it sent one.
 * `cache: 'reload'` reads past the browser's copy of an answer the server lets it keep; `headers` adds
 * request headers (the Bark import's x-tenant-id, admin spec §6).
 */
export async function api<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: { cache?: RequestCache; headers?: Record<string, string> } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      cache: options.cache,
      credentials: 'same-origin',
      headers: {
        ...options.headers,
        ...(body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isApiErrorBody(data)) throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields ?? {});
    throw new ApiError(response.status, 'http_error', `The server answered ${response.status}.`);
  }
  return data as T;
}

/** The server's message when there is one, else the screen's generic text (spec §8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== 0 && error.code !== 'http_error' && error.message) return error.message;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return fallback;
}
