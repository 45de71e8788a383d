/**
 * Text the database cannot hold (DESIGN rule 13): PostgreSQL `text` refuses the NUL character, and `jsonb`
 * refuses an unpaired UTF-16 surrogate ("\ud800" alone), so either one reaching a query is a 500. They are
 * never legitimate in a shop's data, so every input is refused before it gets that far.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = 'Contains characters that are not allowed (a NUL character or broken Unicode)';
export const TOO_DEEP_MESSAGE = 'Nested too deeply';

/** How deep a request's JSON may nest; no contract goes past a handful of levels. */
export const MAX_INPUT_DEPTH = 32;

export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

export interface UnsafeInput {
  /** Dotted path of the offending value (or object key), '' for the input itself. */
  path: string;
  message: string;
}

/**
 * The first unsafe string in a parsed input (JSON body, query string, path parameters), keys included,
 * or null. Walks without recursion, so a hostile nesting depth cannot overflow the stack.
 */
export function findUnsafeText(input: unknown): UnsafeInput | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isSafeText(value)) return { path: path.join('.'), message: UNSAFE_TEXT_MESSAGE };
      continue;
    }
    if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path: path.join('.'), message: TOO_DEEP_MESSAGE };
    for (const [key, child] of Object.entries(value)) {
      const childPath = [...path, key];
      if (!isSafeText(key)) return { path: [...path, printable(key)].join('.'), message: UNSAFE_TEXT_MESSAGE };
      stack.push({ value: child, path: childPath });
    }
  }
  return null;
}

/** A key that is itself unsafe cannot be echoed back as a field name (the reply is JSON too). */
function printable(key: string): string {
  return key.replace(new RegExp(UNSAFE_TEXT.source, 'g'), '\uFFFD');
}
