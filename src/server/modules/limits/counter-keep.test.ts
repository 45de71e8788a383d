import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/connection';
import { COUNTER_KEEP_MS, windowStates } from './limiter';

// Decision 056: the daily housekeeping deletes counted actions older than COUNTER_KEEP_MS, so a limit
// whose window were longer would silently count fewer actions than it should. It fails loudly instead,
// before any query.
describe('counted actions are kept longer than any window', () => {
  const noDatabase = new Proxy({}, { get: () => { throw new Error('no query expected'); } }) as Tx;

  it('refuses a window longer than the keep time', async () => {
    const limit = { max: 3, windowMs: COUNTER_KEEP_MS + 1 };
    await expect(windowStates(noDatabase, [{ table: 'rate_limit_events', where: sql`true`, limit }])).rejects.toThrow(/longer than counted actions are kept/);
  });

  it('keeps at least the longest window in use: a day (shops opened per account and per address)', () => {
    expect(COUNTER_KEEP_MS).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
  });
});
