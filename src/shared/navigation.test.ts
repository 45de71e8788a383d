import { describe, expect, it } from 'vitest';
import { NAV_MESSAGES, navigationPutBody, normaliseMenu, urlProblem, validateMenu, type MenuGroup, type MenuItem } from './navigation';

const item = (extra: Partial<MenuItem> = {}): MenuItem => ({ id: 'i', label: 'Mugs', type: 'url', targetId: null, url: '/c/mugs', badge: null, ...extra });
const group = (extra: Partial<MenuGroup> = {}): MenuGroup => ({ id: 'g', label: 'Kitchen', linkable: false, target: null, viewAllLabel: null, column_index: 0, items: [item()], ...extra });

describe('validateMenu (admin spec §5 "Navigation save")', () => {
  it('accepts a well-formed menu', () => {
    expect(validateMenu([group(), group({ linkable: true, target: { type: 'category', targetId: 'c1', url: null }, viewAllLabel: 'Shop all' })])).toEqual({});
  });

  it('gives each rule its message at its field path', () => {
    expect(validateMenu([])).toEqual({ groups: NAV_MESSAGES.noGroups });
    expect(validateMenu(Array.from({ length: 7 }, () => group()))).toEqual({ groups: NAV_MESSAGES.tooManyGroups });
    expect(validateMenu([group({ label: '  ' })])).toEqual({ 'groups.0.label': NAV_MESSAGES.groupLabelRequired });
    expect(validateMenu([group({ label: 'x'.repeat(29) })])).toEqual({ 'groups.0.label': NAV_MESSAGES.labelTooLong });
    expect(validateMenu([group({ label: 'x'.repeat(28) })])).toEqual({});
    expect(validateMenu([group({ viewAllLabel: 'v'.repeat(81) })])).toEqual({ 'groups.0.viewAllLabel': NAV_MESSAGES.viewAllTooLong });
    expect(validateMenu([group({ items: Array.from({ length: 13 }, () => item()) })])).toEqual({ 'groups.0.items': NAV_MESSAGES.tooManyItems });
    expect(validateMenu([group({ linkable: true })])).toEqual({ 'groups.0.target': NAV_MESSAGES.linkableNeedsDestination });
    expect(validateMenu([group({ linkable: true, target: { type: 'page', targetId: null, url: null } })])).toEqual({ 'groups.0.target.targetId': NAV_MESSAGES.destinationNeedsId });
    const items = [item(), item({ label: '' }), item({ label: 'y'.repeat(29) }), item({ badge: 'b'.repeat(13) }), item({ type: null }), item({ url: '' }), item({ url: 'javascript:alert(1)' }), item({ type: 'product', targetId: null })];
    expect(validateMenu([group({ items })])).toEqual({
      'groups.0.items.1.label': NAV_MESSAGES.itemLabel,
      'groups.0.items.2.label': NAV_MESSAGES.labelTooLong,
      'groups.0.items.3.badge': NAV_MESSAGES.badgeTooLong,
      'groups.0.items.4.type': NAV_MESSAGES.itemDestination,
      'groups.0.items.5.url': NAV_MESSAGES.customUrlEmpty,
      'groups.0.items.6.url': NAV_MESSAGES.badUrl,
      'groups.0.items.7.targetId': NAV_MESSAGES.destinationNeedsId,
    });
    expect(validateMenu([group({ items: [item({ type: 'bogus' as never })] })])).toEqual({ 'groups.0.items.0.type': NAV_MESSAGES.invalidTarget });
  });

  it('checks link URLs: a same-site path or https://', () => {
    expect(urlProblem('')).toBe(NAV_MESSAGES.enterUrl);
    expect(urlProblem('/pages/about')).toBeNull();
    expect(urlProblem('https://example.com/x')).toBeNull();
    for (const bad of ['http://example.com', '//evil.example', 'javascript:alert(1)', 'mailto:a@b.c', 'about']) expect(urlProblem(bad)).toBe(NAV_MESSAGES.badUrl);
  });
});

describe('navigationPutBody and normaliseMenu', () => {
  it('trims, bounds, refuses unknown fields, and gives ids and columns', () => {
    const parsed = navigationPutBody.parse({
      key: 'primary',
      groups: [{ label: ' Kitchen ', items: [{ label: ' Mugs ', type: 'url', url: ' /c/mugs ', badge: '', targetId: 'ignored' }] }, { id: 'keep', label: 'Sale', linkable: false, target: { type: 'url', targetId: null, url: '/sale' }, viewAllLabel: 'All', items: [] }],
    });
    let n = 0;
    const groups = normaliseMenu(parsed.groups, () => `new-${++n}`);
    expect(groups[0]).toEqual({ id: 'new-1', label: 'Kitchen', linkable: false, target: null, viewAllLabel: null, column_index: 0, items: [{ id: 'new-2', label: 'Mugs', type: 'url', targetId: null, url: '/c/mugs', badge: null }] });
    expect(groups[1]).toMatchObject({ id: 'keep', column_index: 1, target: null, viewAllLabel: null });
    expect(navigationPutBody.safeParse({ key: 'primary', groups: [], extra: 1 }).success).toBe(false);
    expect(navigationPutBody.safeParse({ key: 'footer', groups: [] }).error?.issues[0].message).toBe(NAV_MESSAGES.unknownMenu);
    expect(navigationPutBody.safeParse({ key: 'primary', groups: Array.from({ length: 7 }, () => ({ label: 'g', items: [] })) }).error?.issues[0].message).toBe(NAV_MESSAGES.tooManyGroups);
  });
});
