import { describe, expect, it } from 'vitest';
import { validateMenu, type MenuGroup, type MenuItem } from '@shared/navigation';
import { forSaving, labelFor, newGroup, previewGroups, type SubCategories } from './editor-state';

const item = (extra: Partial<MenuItem> = {}): MenuItem => ({ id: 'i1', label: 'Garden', type: 'category', targetId: 'c-garden', url: null, badge: null, ...extra });
const group = (extra: Partial<MenuGroup> = {}): MenuGroup => ({ ...newGroup(0), id: 'g1', label: 'Outdoors', items: [item()], ...extra });
const names = { 'c-garden': { name: 'Garden', slug: 'garden' }, 'c-pots': { name: 'Pots', slug: 'pots' } };
const subCategories: SubCategories = (id) => (id === 'c-garden' ? [{ id: 'c-pots', name: 'Pots', slug: 'pots' }, { id: 'c-tools', name: 'Tools', slug: 'tools' }] : []);

describe('a group picture in the editor (decision 046)', () => {
  it('starts without one', () => {
    expect(newGroup(2)).toMatchObject({ column_index: 2, image: null });
  });

  it('is saved trimmed; an empty address is no picture, whatever its alt text', () => {
    expect(forSaving([group({ image: { url: ' https://cdn.example.com/a.jpg ', alt: ' Lamps ' } })])[0].image).toEqual({ url: 'https://cdn.example.com/a.jpg', alt: 'Lamps' });
    expect(forSaving([group({ image: { url: '  ', alt: 'Lamps' } })])[0].image).toBeNull();
    expect(forSaving([group({ image: null })])[0].image).toBeNull();
  });

  it('is checked by the shared rules on its own field', () => {
    expect(validateMenu(forSaving([group({ image: { url: 'http://cdn.example.com/a.jpg', alt: '' } })]))).toEqual({ 'groups.0.image.url': 'Use a picture from the media library or an https:// link' });
  });

  it('shows in the preview', () => {
    expect(previewGroups([group({ image: { url: '/files/a.png', alt: 'Lamps' } })], names)[0].image).toEqual({ url: '/files/a.png', alt: 'Lamps' });
    expect(previewGroups([group({ image: { url: ' ', alt: '' } })], names)[0].image).toBeNull();
  });
});

describe('sub-categories in the preview', () => {
  it('follow a category item, as on the storefront', () => {
    const [preview] = previewGroups([group({ items: [item(), item({ id: 'i2', label: 'Sale', type: 'url', targetId: null, url: '/sale' })] })], names, subCategories);
    expect(preview.items[0]).toEqual({ id: 'i1', label: 'Garden', href: '/c/garden', badge: null, children: [{ id: 'c-pots', label: 'Pots', href: '/c/pots', badge: null }, { id: 'c-tools', label: 'Tools', href: '/c/tools', badge: null }] });
    expect(preview.items[1].children).toBeUndefined();
  });

  it('become the items of a linkable category header that has none', () => {
    const [preview] = previewGroups([group({ linkable: true, target: { type: 'category', targetId: 'c-garden', url: null }, items: [] })], names, subCategories);
    expect(preview.href).toBe('/c/garden');
    expect(preview.items.map((i) => i.label)).toEqual(['Pots', 'Tools']);
  });

  it('are left out without the category list', () => {
    expect(previewGroups([group()], names)[0].items[0].children).toBeUndefined();
  });
});

describe('labelFor: a picked name as an item label', () => {
  it('keeps names that fit and cuts longer ones at a word', () => {
    expect(labelFor('Brass Reading Lamp')).toBe('Brass Reading Lamp');
    expect(labelFor('Glass Storage Jars with Beech Lids, Set of 3')).toBe('Glass Storage Jars with…');
    expect(labelFor('Aluminium Platform Step Ladder, 4 Tread')).toBe('Aluminium Platform Step…');
    expect(labelFor('Supercalifragilisticexpialidocious-lamp')).toBe('Supercalifragilisticexpiali…');
    for (const name of ['Glass Storage Jars with Beech Lids, Set of 3', 'x'.repeat(60), `${'a '.repeat(30)}`]) expect(labelFor(name).length).toBeLessThanOrEqual(28);
  });
});
