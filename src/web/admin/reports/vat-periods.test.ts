import { describe, expect, it } from 'vitest';
import { VAT_REPORT_MESSAGES, vatReportQuery } from '@shared/vat-report';
import { londonToday, periodErrors, periodFromSearch, periodLabel, presetOf, presetPeriod, VAT_PERIOD_PRESETS } from './vat-periods';

describe('today in the UK', () => {
  it('is the Europe/London calendar day, in British Summer Time too', () => {
    // 23:30 UTC on 31 March 2025 is 00:30 on 1 April in London (the clocks went forward on 30 March).
    expect(londonToday(new Date('2025-03-31T23:30:00Z'))).toBe('2025-04-01');
    expect(londonToday(new Date('2025-03-31T22:59:00Z'))).toBe('2025-03-31');
    // In winter London is on UTC.
    expect(londonToday(new Date('2024-12-31T23:59:00Z'))).toBe('2024-12-31');
    expect(londonToday(new Date('2025-01-01T00:00:00Z'))).toBe('2025-01-01');
    // The last hour of October's BST.
    expect(londonToday(new Date('2025-10-25T23:30:00Z'))).toBe('2025-10-26');
  });
});

describe('the period presets', () => {
  it('this month and this quarter run to today', () => {
    expect(presetPeriod('this-month', '2025-05-14')).toEqual({ from: '2025-05-01', to: '2025-05-14' });
    expect(presetPeriod('this-month', '2025-05-01')).toEqual({ from: '2025-05-01', to: '2025-05-01' });
    expect(presetPeriod('this-quarter', '2025-05-14')).toEqual({ from: '2025-04-01', to: '2025-05-14' });
    expect(presetPeriod('this-quarter', '2025-03-31')).toEqual({ from: '2025-01-01', to: '2025-03-31' });
    expect(presetPeriod('this-quarter', '2025-12-31')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
  });

  it('last month is the whole month before, across a year’s end and a leap February', () => {
    expect(presetPeriod('last-month', '2025-05-14')).toEqual({ from: '2025-04-01', to: '2025-04-30' });
    expect(presetPeriod('last-month', '2025-01-01')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(presetPeriod('last-month', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetPeriod('last-month', '2025-03-01')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
  });

  it('last quarter is the whole calendar quarter before, across a year’s end', () => {
    expect(presetPeriod('last-quarter', '2025-05-14')).toEqual({ from: '2025-01-01', to: '2025-03-31' });
    expect(presetPeriod('last-quarter', '2025-04-01')).toEqual({ from: '2025-01-01', to: '2025-03-31' });
    expect(presetPeriod('last-quarter', '2025-02-10')).toEqual({ from: '2024-10-01', to: '2024-12-31' });
    expect(presetPeriod('last-quarter', '2025-12-31')).toEqual({ from: '2025-07-01', to: '2025-09-30' });
  });

  it('the last 12 months start the day after this date a year ago', () => {
    expect(presetPeriod('last-12-months', '2025-06-15')).toEqual({ from: '2024-06-16', to: '2025-06-15' });
    expect(presetPeriod('last-12-months', '2025-03-31')).toEqual({ from: '2024-04-01', to: '2025-03-31' });
    expect(presetPeriod('last-12-months', '2025-01-01')).toEqual({ from: '2024-01-02', to: '2025-01-01' });
    expect(presetPeriod('last-12-months', '2024-02-29')).toEqual({ from: '2023-03-01', to: '2024-02-29' });
    expect(presetPeriod('last-12-months', '2025-02-28')).toEqual({ from: '2024-02-29', to: '2025-02-28' });
  });

  it('follows the UK day at midnight: 00:30 BST on 1 April is already the new quarter', () => {
    const today = londonToday(new Date('2025-03-31T23:30:00Z'));
    expect(presetPeriod('this-quarter', today)).toEqual({ from: '2025-04-01', to: '2025-04-01' });
    expect(presetPeriod('last-quarter', today)).toEqual({ from: '2025-01-01', to: '2025-03-31' });
  });

  it('every preset, on every day of a leap year and the January after, is a period the server accepts', () => {
    for (let t = Date.UTC(2024, 0, 1); t <= Date.UTC(2025, 0, 31); t += 86_400_000) {
      const today = new Date(t).toISOString().slice(0, 10);
      for (const preset of VAT_PERIOD_PRESETS) {
        const period = presetPeriod(preset, today);
        expect(vatReportQuery.safeParse(period).success, `${preset} on ${today}`).toBe(true);
        expect(period.to <= today).toBe(true);
        expect(presetOf(period, today)).not.toBeNull();
      }
    }
  });
});

describe('presetOf and periodLabel', () => {
  it('names the preset days match, else null (custom dates)', () => {
    expect(presetOf({ from: '2025-04-01', to: '2025-04-30' }, '2025-05-14')).toBe('last-month');
    expect(presetOf({ from: '2025-04-01', to: '2025-05-14' }, '2025-05-14')).toBe('this-quarter');
    expect(presetOf({ from: '2025-04-02', to: '2025-04-30' }, '2025-05-14')).toBeNull();
  });

  it('writes the days out in full', () => {
    expect(periodLabel({ from: '2025-04-01', to: '2025-06-30' })).toBe('1 April 2025 to 30 June 2025');
    expect(periodLabel({ from: '2025-04-01', to: '2025-04-01' })).toBe('1 April 2025');
  });
});

describe('the period in the address and typed dates', () => {
  it('takes ?from=&to= when the server would, else this month', () => {
    expect(periodFromSearch(new URLSearchParams('from=2025-01-01&to=2025-03-31'), '2025-05-14')).toEqual({ from: '2025-01-01', to: '2025-03-31' });
    for (const bad of ['', 'from=2025-01-01', 'from=2025-03-31&to=2025-01-01', 'from=2025-02-30&to=2025-03-01', 'from=2020-01-01&to=2025-01-01']) {
      expect(periodFromSearch(new URLSearchParams(bad), '2025-05-14')).toEqual({ from: '2025-05-01', to: '2025-05-14' });
    }
  });

  it('says what is wrong with each date in the report’s words', () => {
    expect(periodErrors({ from: '2025-01-01', to: '2025-03-31' })).toEqual({});
    expect(periodErrors({ from: '', to: '2025-03-31' })).toEqual({ from: 'Enter a date' });
    expect(periodErrors({ from: '2025-03-31', to: '2025-01-01' })).toEqual({ to: VAT_REPORT_MESSAGES.order });
    expect(periodErrors({ from: '2020-01-01', to: '2025-01-01' })).toEqual({ to: VAT_REPORT_MESSAGES.span });
  });
});
