// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PAGE_MESSAGES } from '@shared/page-templates';
import type { AdminPage } from '@shared/pages';
import { click, fakeFetch, renderForm, type Rendered } from '@/test/form-dom';
import { PageEditorPage } from './PageEditorPage';

// Issue 27 item 7: a brand-new page opens without the validation banner; it appears only once Save
// draft or Publish is tried while a field is still wrong.

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/lib/toast', () => ({
  toast: { success: (m: string) => toasts.push(`success: ${m}`), error: (m: string, o?: { description?: string }) => toasts.push(`error: ${m}${o?.description ? `: ${o.description}` : ''}`) },
}));

const page = (content_draft: AdminPage['content_draft']): AdminPage => ({
  id: '11111111-1111-4111-8111-111111111111', slug: 'our-story', template_key: 'about', status: 'draft', updated_at: '2025-01-01T00:00:00.000Z', published_at: null, has_unpublished_changes: false, content_draft,
});

let view: Rendered;
let api: ReturnType<typeof fakeFetch>;
beforeEach(() => {
  toasts.length = 0;
  vi.stubGlobal('fetch', (api = fakeFetch((call) => (call.url.startsWith('/api/admin/pages/1111') ? { status: 200, body: { page: current } } : { status: 200, body: { html: '' } }))).fetch);
});
afterEach(async () => {
  await view?.unmount();
  vi.unstubAllGlobals();
});

let current: AdminPage;
async function open(draft: AdminPage['content_draft']) {
  current = page(draft);
  view = await renderForm(
    <MemoryRouter initialEntries={[`/admin/content/pages/${current.id}`]}>
      <Routes><Route path="/admin/content/pages/:id" element={<PageEditorPage />} /></Routes>
    </MemoryRouter>,
  );
  for (let i = 0; i < 50 && !document.body.textContent?.includes('Edit page'); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect(document.body.textContent).toContain('Edit page');
}
const button = (name: string) => [...document.body.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
const banner = () => document.body.textContent?.includes(PAGE_MESSAGES.validationTitle) ?? false;

describe('page editor validation banner', () => {
  it('a brand-new page (no title yet) opens without it', async () => {
    await open({ show_cta: false });
    expect(banner()).toBe(false);
    expect(view.errors()).toEqual([]);
  });

  it('shows it, and the field errors, once Save draft is tried with errors; nothing is sent', async () => {
    await open({ show_cta: false });
    await click(button('Save draft'));
    expect(banner()).toBe(true);
    expect(view.errors()).toEqual([PAGE_MESSAGES.required]);
    expect(toasts).toEqual([`error: ${PAGE_MESSAGES.fixSave}`]);
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('and once Publish is tried', async () => {
    await open({ show_cta: false });
    await click(button('Publish'));
    expect(banner()).toBe(true);
    expect(toasts).toEqual([`error: ${PAGE_MESSAGES.fixPublish}`]);
  });

  it('a page made from a starter has a title and is ready to save', async () => {
    await open({ hero_title: 'About us', body: '<p>Hello</p>', show_cta: false });
    await click(button('Save draft'));
    expect(banner()).toBe(false);
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ content: { hero_title: 'About us', body: '<p>Hello</p>', show_cta: false } }]);
  });
});
