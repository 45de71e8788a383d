// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, fakeFetch, renderForm, type Rendered } from '@/test/form-dom';
import { ProductSuggestions } from './ProductSuggestions';

// Issue 27 item 12: the spec's product suggestions call (POST /api/ai/assistant, fields.action
// 'suggestions') gets a screen on the product page, asked for by a click (each answer costs allowance).

let view: Rendered | null = null;
afterEach(async () => {
  await view?.unmount();
  view = null;
  vi.unstubAllGlobals();
});

const settle = () => act(async () => { for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0)); });
const button = (label: string) => [...document.body.querySelectorAll('button')].find((b) => b.textContent?.trim() === label)!;
const win = { id: 'p1:missing_images', title: 'Add pictures to Oak Board', description: 'Products with pictures sell better.', cta: 'Add pictures', impact: 'high', confidence: 0.9, type: 'product', href: '/admin/catalogue/products/p1/edit' };

describe('product suggestions', () => {
  it('asks nothing until the person asks, then sends the spec’s call and lists what comes back', async () => {
    const api = fakeFetch({ status: 200, body: { result: { wins: [win] }, model: 'builtin', fellBack: false } });
    vi.stubGlobal('fetch', api.fetch);
    view = await renderForm(<ProductSuggestions productId="p1" />);
    expect(api.calls).toEqual([]);
    await click(button('Check this product'));
    await settle();
    expect(api.calls).toEqual([
      { method: 'POST', url: '/api/ai/assistant', body: { intent: 'content.generate', context: { page: 'product', entityId: 'p1' }, input: { type: 'product', entityId: 'p1', fields: { action: 'suggestions' } } } },
    ]);
    const list = view.container.querySelector('ul[aria-label="Suggestions for this product"]')!;
    expect(list.textContent).toContain('HIGH IMPACT');
    expect(list.textContent).toContain('Add pictures to Oak Board');
    expect(list.textContent).toContain('Products with pictures sell better.');
  });

  it('says when there is nothing to add, and shows the server’s refusal with Try again', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 200, body: { result: { wins: [] }, model: 'none', fellBack: false } }).fetch);
    view = await renderForm(<ProductSuggestions productId="p1" />);
    await click(button('Check this product'));
    await settle();
    expect(view.container.textContent).toContain('Nothing to add');
    await view.unmount();
    vi.stubGlobal('fetch', fakeFetch({ status: 429, body: { error: { code: 'rate_limited', message: 'You have used your AI allowance for now.' } } }).fetch);
    view = await renderForm(<ProductSuggestions productId="p2" />);
    await click(button('Check this product'));
    await settle();
    expect(view.container.textContent).toContain('You have used your AI allowance for now.');
    expect(button('Try again')).toBeTruthy();
  });
});
