import { describe, expect, it } from 'vitest';
import { withLeadStatus } from '@/lib/crm-leads';
import { lead } from './test-lead';
import { columnSummary, formatLeadDate, leadsByColumn, priorityBorderClass } from './lead-format';


describe('lead display rules (admin spec §2)', () => {
  it('gives the card a left border by priority: high red, medium yellow, low green, otherwise grey', () => {
    expect(priorityBorderClass('high')).toBe('border-l-red-500');
    expect(priorityBorderClass('medium')).toBe('border-l-yellow-400');
    expect(priorityBorderClass('low')).toBe('border-l-green-500');
    expect(priorityBorderClass('urgent')).toBe('border-l-zinc-300');
    expect(priorityBorderClass(null)).toBe('border-l-zinc-300');
  });

  it('writes dates as day, short month, year', () => {
    expect(formatLeadDate('2026-11-24T12:00:00Z')).toBe('24 Nov 2026');
    expect(formatLeadDate('2026-09-05T12:00:00Z')).toBe('5 Sep 2026');
    expect(formatLeadDate('not a date')).toBe('');
  });

  it('counts each column and sums its quotes in GBP without float drift', () => {
    expect(columnSummary([lead({ quote_amount: 0.1 }), lead({ quote_amount: 0.2 }), lead({ quote_amount: null }), lead({ quote_amount: 1234.5 })])).toEqual({
      count: 4,
      total: '£1,234.80',
    });
    expect(columnSummary([])).toEqual({ count: 0, total: '£0.00' });
  });

  it('groups leads into the six columns in list order', () => {
    const groups = leadsByColumn([lead({ id: 'a', status: 'won' }), lead({ id: 'b' }), lead({ id: 'c', status: 'won' })]);
    expect(Object.keys(groups)).toEqual(['new', 'contacted', 'qualified', 'quoted', 'won', 'lost']);
    expect(groups.won.map((l) => l.id)).toEqual(['a', 'c']);
    expect(groups.new.map((l) => l.id)).toEqual(['b']);
  });
});

describe('the board reducer', () => {
  it('moves one lead to the new status, keeping the order and leaving the rest untouched', () => {
    const before = [lead({ id: 'a' }), lead({ id: 'b', status: 'contacted' })];
    const after = withLeadStatus(before, 'a', 'qualified');
    expect(after.map((l) => [l.id, l.status])).toEqual([['a', 'qualified'], ['b', 'contacted']]);
    expect(after[1]).toBe(before[1]);
    expect(before[0]!.status).toBe('new');
    expect(withLeadStatus(before, 'b', 'contacted')[1]).toBe(before[1]);
    expect(withLeadStatus(before, 'missing', 'won')).toEqual(before);
  });
});
