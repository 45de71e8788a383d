/** The rows of a raw `tx.execute(sql...)` result; PGlite and node-postgres both put them in `.rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
