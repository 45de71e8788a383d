import { describe, expect, it } from 'vitest';
import { customerDate, listParamsFromSearch, searchFromListParams, sortBy } from './customer-view';

describe('the customers list in the address', () => {
  it('reads the default for anything missing or odd', () => {
    expect(listParamsFromSearch(new URLSearchParams(''))).toEqual({ search: '', sort: 'last_order', dir: 'desc', page: 1 });
    expect(listParamsFromSearch(new URLSearchParams('sort=drop&dir=sideways&page=-3'))).toEqual({ search: '', sort: 'last_order', dir: 'desc', page: 1 });
    expect(listParamsFromSearch(new URLSearchParams('sort=name&page=4&search=%20ann%20%20lee%20'))).toEqual({ search: 'ann lee', sort: 'name', dir: 'asc', page: 4 });
    expect(listParamsFromSearch(new URLSearchParams(`search=${'x'.repeat(300)}`)).search).toHaveLength(100);
  });

  it('writes only what differs from the default, and reads it back the same', () => {
    expect(searchFromListParams({ search: '', sort: 'last_order', dir: 'desc', page: 1 }).toString()).toBe('');
    const state = { search: 'smith', sort: 'total_spent' as const, dir: 'asc' as const, page: 2 };
    const written = searchFromListParams(state);
    expect(written.toString()).toBe('search=smith&sort=total_spent&dir=asc&page=2');
    expect(listParamsFromSearch(written)).toEqual(state);
  });

  it('a header turns its own sort round, and starts another at its default', () => {
    expect(sortBy({ sort: 'last_order', dir: 'desc' }, 'last_order')).toEqual({ sort: 'last_order', dir: 'asc' });
    expect(sortBy({ sort: 'last_order', dir: 'desc' }, 'name')).toEqual({ sort: 'name', dir: 'asc' });
    expect(sortBy({ sort: 'name', dir: 'asc' }, 'total_spent')).toEqual({ sort: 'total_spent', dir: 'desc' });
  });

  it('shows dates as UK days, and never as a dash', () => {
    expect(customerDate('2026-03-29T23:30:00Z')).toBe('30 Mar 2026');
    expect(customerDate(null)).toBe('—');
  });
});
