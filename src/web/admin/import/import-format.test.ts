import { describe, expect, it } from 'vitest';
import { statsLine } from './import-format';
import { progressPercent } from './ImportProgress';

describe('statsLine', () => {
  const stats = { rows_total: 1200, rows_ok: 1198, rows_failed: 2 };
  it('reads the check’s counts while mapping', () => {
    expect(statsLine(stats, 'mapping')).toBe('1,200 rows · 1,198 valid · 2 rejected');
  });
  it('reads what was written once processed', () => {
    const result = { rows_done: 1200, products_created: 3, products_updated: 1, products_unchanged: 1190, images_saved: 0, images_failed: 0 };
    expect(statsLine(stats, 'succeeded', result)).toBe('1,200 rows · 3 created · 1 updated · 1,190 unchanged · 2 rejected');
  });
  it('is empty before the file was read', () => {
    expect(statsLine({ rows_total: 0, rows_ok: 0, rows_failed: 0 }, 'uploaded')).toBeNull();
  });
});

describe('progressPercent', () => {
  it('rounds down and stays below 100 until the batch ends', () => {
    expect(progressPercent(12_345, 100_000)).toBe(12);
    expect(progressPercent(100_000, 100_000)).toBe(99);
    expect(progressPercent(5, 0)).toBe(0);
  });
});
