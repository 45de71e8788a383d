import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { londonInputToIso, londonInputValue, londonOffsetMs, londonZoneName } from './london-time';

describe('UK wall-clock time and UTC (issue 28: a code’s dates)', () => {
  it('winter is GMT, summer is BST (one hour ahead of UTC)', () => {
    expect(londonInputToIso('2026-12-01T09:00')).toBe('2026-12-01T09:00:00.000Z');
    expect(londonInputToIso('2026-07-01T09:00')).toBe('2026-07-01T08:00:00.000Z');
    expect(londonInputValue('2026-12-01T09:00:00Z')).toBe('2026-12-01T09:00');
    expect(londonInputValue('2026-07-01T08:00:00.000Z')).toBe('2026-07-01T09:00');
    expect(londonZoneName('2026-12-01T09:00')).toBe('GMT');
    expect(londonZoneName('2026-07-01T09:00')).toBe('BST');
  });

  it('around the clocks going forward (29 March 2026, 01:00 UTC)', () => {
    expect(londonInputToIso('2026-03-29T00:59')).toBe('2026-03-29T00:59:00.000Z');
    // 01:00-01:59 does not happen that day: read as the same moment an hour on (02:xx BST).
    expect(londonInputToIso('2026-03-29T01:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(londonInputValue('2026-03-29T01:30:00Z')).toBe('2026-03-29T02:30');
    expect(londonInputToIso('2026-03-29T02:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(londonInputToIso('2026-03-29T09:00')).toBe('2026-03-29T08:00:00.000Z');
    expect(londonInputValue('2026-03-29T00:59:00Z')).toBe('2026-03-29T00:59');
    expect(londonInputValue('2026-03-29T01:00:00Z')).toBe('2026-03-29T02:00');
  });

  it('around the clocks going back (25 October 2026, 01:00 UTC)', () => {
    // 01:30 happens twice: the first time (BST) is meant.
    expect(londonInputToIso('2026-10-25T01:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(londonInputValue('2026-10-25T00:30:00Z')).toBe('2026-10-25T01:30');
    expect(londonInputValue('2026-10-25T01:30:00Z')).toBe('2026-10-25T01:30');
    expect(londonInputToIso('2026-10-25T02:00')).toBe('2026-10-25T02:00:00.000Z');
    expect(londonInputToIso('2026-10-25T00:59')).toBe('2026-10-24T23:59:00.000Z');
    expect(londonOffsetMs(Date.parse('2026-10-25T00:59:59Z'))).toBe(3_600_000);
    expect(londonOffsetMs(Date.parse('2026-10-25T01:00:00Z'))).toBe(0);
  });

  it('refuses what is not a date and time, and shows nothing for none', () => {
    for (const bad of ['', '2026-02-30T09:00', '2026-13-01T09:00', '2026-12-01T24:00', '2026-12-01T09:60', '2026-12-01', 'tomorrow', '2026-12-01T09:00Z']) {
      expect(londonInputToIso(bad), bad).toBeNull();
    }
    expect(londonZoneName('nonsense')).toBeNull();
    expect(londonInputValue(null)).toBe('');
    expect(londonInputValue('not a date')).toBe('');
  });

  it('an instant shown and read back is the same instant, every minute of any year (but the hour the clocks go back shows its first)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 }), (minute) => {
        const iso = new Date(minute * 60_000).toISOString();
        const back = londonInputToIso(londonInputValue(iso))!;
        const diff = Date.parse(iso) - Date.parse(back);
        // Only in the repeated hour does the wall time name an earlier instant (by exactly an hour).
        expect(diff === 0 || (diff === 3_600_000 && londonOffsetMs(Date.parse(iso)) === 0)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
