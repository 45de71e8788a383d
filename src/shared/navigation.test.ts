import { describe, expect, it } from 'vitest';
import { NAV_LIMITS, NAV_MESSAGES, imageProblem, navigationPutBody, normaliseMenu, urlProblem, validateMenu, type MenuGroup, type MenuItem } from './navigation';

const item = (extra: Partial<MenuItem> = {}): MenuItem => ({ id: 'i', label: 'Mugs', type: 'url', targetId: null, url: '/c/mugs', badge: null, ...extra });
const group = (extra: Partial<MenuGroup> = {}): MenuGroup => ({ id: 'g', label: 'Kitchen', linkable: false, target: null, viewAllLabel: null, column_index: 0, image: null, items: [item()], ...extra });

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
    expect(groups[0]).toEqual({ id: 'new-1', label: 'Kitchen', linkable: false, target: null, viewAllLabel: null, column_index: 0, image: null, items: [{ id: 'new-2', label: 'Mugs', type: 'url', targetId: null, url: '/c/mugs', badge: null }] });
    expect(groups[1]).toMatchObject({ id: 'keep', column_index: 1, target: null, viewAllLabel: null });
    expect(navigationPutBody.safeParse({ key: 'primary', groups: [], extra: 1 }).success).toBe(false);
    expect(navigationPutBody.safeParse({ key: 'sidebar', groups: [] }).error?.issues[0].message).toBe(NAV_MESSAGES.unknownMenu);
    expect(navigationPutBody.safeParse({ key: 'footer', groups: [] }).success).toBe(true);
    expect(navigationPutBody.safeParse({ key: 'primary', groups: Array.from({ length: 7 }, () => ({ label: 'g', items: [] })) }).error?.issues[0].message).toBe(NAV_MESSAGES.tooManyGroups);
  });
});

describe('a group\'s picture and the footer key (decision 046)', () => {
  const withImage = (image: unknown, key = 'primary') => navigationPutBody.safeParse({ key, groups: [{ label: 'Lighting', image, items: [] }] });

  it('takes a picture with bounded, trimmed alt text; an empty address is no picture', () => {
    const parsed = withImage({ url: ' /files/tenants/x/media/a.jpg ', alt: ' A brass lamp ' });
    expect(parsed.success && parsed.data.groups[0].image).toEqual({ url: '/files/tenants/x/media/a.jpg', alt: 'A brass lamp' });
    expect(withImage({ url: 'https://cdn.example.com/a.jpg' }).data?.groups[0].image).toEqual({ url: 'https://cdn.example.com/a.jpg', alt: '' });
    expect(withImage({ url: '  ', alt: 'x' }).data?.groups[0].image).toBeNull();
    expect(withImage(null).data?.groups[0].image).toBeNull();
    expect(withImage(undefined).data?.groups[0].image).toBeNull();
    expect(withImage({ url: 'https://a.example/x.jpg', alt: 'a'.repeat(NAV_LIMITS.imageAlt + 1) }).error?.issues[0].message).toBe(NAV_MESSAGES.imageAltTooLong);
    expect(withImage({ url: `https://a.example/${'x'.repeat(NAV_LIMITS.imageUrl)}` }).error?.issues[0].message).toBe(NAV_MESSAGES.badImage);
    expect(withImage({ url: 'https://a.example/x.jpg', title: 'no' }).success).toBe(false);
  });

  it('checks the picture address: a path on the shop or https://', () => {
    for (const good of ['/files/tenants/t/media/a.png', 'https://cdn.example.com/a.png']) expect(imageProblem(good)).toBeNull();
    for (const bad of ['', 'http://cdn.example.com/a.png', '//evil.example/a.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'a.png']) expect(imageProblem(bad)).toBe(NAV_MESSAGES.badImage);
    expect(validateMenu([group({ image: { url: 'http://x.example/a.png', alt: '' } })])).toEqual({ 'groups.0.image.url': NAV_MESSAGES.badImage });
    expect(validateMenu([group({ image: { url: '/files/a.png', alt: 'a'.repeat(161) } })])).toEqual({ 'groups.0.image.alt': NAV_MESSAGES.imageAltTooLong });
  });

  it('keeps pictures in the main menu only', () => {
    const parsed = withImage({ url: 'https://cdn.example.com/a.jpg', alt: 'A' }, 'footer');
    expect(parsed.success).toBe(true);
    const footer = normaliseMenu(parsed.data!.groups, () => 'id', 'footer');
    expect(footer[0].image).toBeNull();
    expect(normaliseMenu(parsed.data!.groups, () => 'id', 'primary')[0].image).toEqual({ url: 'https://cdn.example.com/a.jpg', alt: 'A' });
  });
});
