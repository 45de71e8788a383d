/** The error body every failing API call answers with (DESIGN rule 5). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' && value !== null && 'error' in value &&
    typeof (value as ApiErrorBody).error?.message === 'string'
  );
}
