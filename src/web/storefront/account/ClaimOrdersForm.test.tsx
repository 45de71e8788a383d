// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLAIM_MESSAGES } from '@shared/claim-schemas';
import { fakeFetch, renderForm, submit, typeInto, type Rendered } from '@/test/form-dom';
import { ClaimOrdersForm } from './ClaimOrdersForm';

vi.mock('@/lib/toast', () => ({ toast: { success: () => undefined, error: () => undefined } }));

describe('ClaimOrdersForm (claimOrdersBody, the route schema, in Zod Mini)', () => {
  let view: Rendered;
  let api: ReturnType<typeof fakeFetch>;
  const form = () => view.container.querySelector('form')!;
  const email = () => view.field('Email used for your orders');

  beforeEach(async () => {
    api = fakeFetch({ status: 200, body: { message: "We've sent a confirmation link to sam.guest@example.co.uk." } });
    vi.stubGlobal('fetch', api.fetch);
    view = await renderForm(<ClaimOrdersForm />);
  });
  afterEach(async () => {
    await view.unmount();
    vi.unstubAllGlobals();
  });

  it("refuses a blank address (after trimming) in the spec's words, and a malformed one, without a request", async () => {
    await typeInto(email(), '   ');
    await submit(form());
    expect(view.errors()).toEqual([CLAIM_MESSAGES.email]);
    expect(CLAIM_MESSAGES.email).toBe('Please enter your email address');
    await typeInto(email(), 'sam.guest@');
    await submit(form());
    expect(view.errors()).toEqual([CLAIM_MESSAGES.emailInvalid]);
    expect(api.calls).toEqual([]);
  });

  it('sends the trimmed, lower-cased address and shows the answer', async () => {
    await typeInto(email(), '  Sam.Guest@Example.co.uk ');
    await submit(form());
    expect(api.calls).toEqual([{ method: 'POST', url: '/api/account/claim-orders', body: { email: 'sam.guest@example.co.uk' } }]);
    expect(view.errors()).toEqual([]);
    expect(view.container.textContent).toContain("We've sent a confirmation link to sam.guest@example.co.uk.");
  });
});
