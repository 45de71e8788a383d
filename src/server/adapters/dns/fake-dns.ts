import type { TxtResolver } from './dns';

/** TXT records held in memory, for tests: what a store "published" is what it set here. */
export class FakeTxtResolver implements TxtResolver {
  private readonly records = new Map<string, string[][]>();
  private readonly failing = new Set<string>();
  /** Every name asked, in order. */
  readonly asked: string[] = [];

  /** Publishes TXT records at `name`: each a string, or its character-strings as DNS splits them. */
  set(name: string, ...values: (string | string[])[]): this {
    this.records.set(name.toLowerCase(), values.map((v) => (Array.isArray(v) ? v : [v])));
    return this;
  }

  /** Lookups of `name` fail as a timeout would. */
  fail(name: string): this {
    this.failing.add(name.toLowerCase());
    return this;
  }

  clear(): void {
    this.records.clear();
    this.failing.clear();
    this.asked.length = 0;
  }

  async resolveTxt(name: string): Promise<string[][]> {
    this.asked.push(name);
    const key = name.toLowerCase();
    if (this.failing.has(key)) throw Object.assign(new Error(`queryTxt ETIMEOUT ${name}`), { code: 'ETIMEOUT' });
    return this.records.get(key) ?? [];
  }
}
