// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_TEXT } from '@shared/catalog';
import { fakeFetch, renderForm, submit, typeInto, type Rendered } from '@/test/form-dom';
import { ReviewForm } from './ReviewForm';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/lib/toast', () => ({
  toast: {
    success: (message: string) => toasts.push(`success: ${message}`),
    error: (message: string, options?: { description?: string }) => toasts.push(`error: ${message}${options?.description ? ` / ${options.description}` : ''}`),
  },
}));

describe('ReviewForm (reviewBody, the route schema, in Zod Mini)', () => {
  let view: Rendered;
  const submitted = vi.fn();
  const form = () => view.container.querySelector('form')!;

  beforeEach(async () => {
    toasts.length = 0;
    submitted.mockReset();
    view = await renderForm(<ReviewForm productId="p-1" onCancel={() => undefined} onSubmitted={submitted} />);
  });
  afterEach(async () => {
    await view.unmount();
    vi.unstubAllGlobals();
  });

  it("shows the schema's message under each empty field and the spec's toast, and sends nothing", async () => {
    const api = fakeFetch({ status: 201, body: {} });
    vi.stubGlobal('fetch', api.fetch);
    await typeInto(view.field('Review'), '   ');
    await submit(form());
    expect(view.errors()).toEqual([REVIEW_TEXT.missing, REVIEW_TEXT.missing, REVIEW_TEXT.missing]);
    expect(view.field('Title').getAttribute('aria-invalid')).toBe('true');
    expect(toasts).toEqual([`error: ${REVIEW_TEXT.missingTitle} / ${REVIEW_TEXT.missing}`]);
    expect(api.calls).toEqual([]);
  });

  it("says the schema's words for a bad email and a long title", async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 201, body: {} }).fetch);
    await typeInto(view.field('Title'), 'x'.repeat(121));
    await typeInto(view.field('Review'), 'Does what it says.');
    await typeInto(view.field('Email'), 'not-an-email');
    await submit(form());
    expect(view.errors()).toEqual(['Title must be 120 characters or fewer', 'Enter a valid email address']);
    expect(toasts).toEqual([]);
  });

  it('sends the body as the schema cleans it: trimmed, email lower-cased, rating 5', async () => {
    const api = fakeFetch({ status: 201, body: { review: { id: 'r-1', status: 'pending' }, message: REVIEW_TEXT.moderation } });
    vi.stubGlobal('fetch', api.fetch);
    await typeInto(view.field('Title'), '  Lovely mug ');
    await typeInto(view.field('Review'), 'Does what it says.');
    await typeInto(view.field('Email'), ' Jo.Hughes@Example.co.uk ');
    await submit(form());
    expect(api.calls).toEqual([
      { method: 'POST', url: '/api/products/p-1/reviews', body: { rating: 5, title: 'Lovely mug', body: 'Does what it says.', customer_email: 'jo.hughes@example.co.uk' } },
    ]);
    expect(view.errors()).toEqual([]);
    expect(toasts).toEqual([`success: ${REVIEW_TEXT.moderation}`]);
    expect(submitted).toHaveBeenCalledOnce();
  });

  it("puts the server's field errors on the fields", async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 400, body: { error: { code: 'validation_error', message: 'Check the form', fields: { customer_email: 'Enter a valid email address' } } } }).fetch);
    await typeInto(view.field('Title'), 'Lovely');
    await typeInto(view.field('Review'), 'Good');
    await typeInto(view.field('Email'), 'jo@example.co.uk');
    await submit(form());
    expect(view.errors()).toEqual(['Enter a valid email address']);
    expect(submitted).not.toHaveBeenCalled();
  });
});
