// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultStoreSettings, STORE_SETTINGS_MESSAGES, type StoreSettings } from '@shared/store-settings';
import { click, fakeFetch, renderForm, submit, typeInto, type Rendered } from '@/test/form-dom';
import { StoreInfoForm } from './StoreInfoForm';

// Store Info's Business details (issue 25): the VAT registered switch, the VAT number it requires, and
// the server's field error on the same field.

vi.mock('@/lib/toast', () => ({ toast: { success: () => undefined, error: () => undefined } }));

const json = defaultStoreSettings('Demo Store');
const settings: StoreSettings = { name: 'Demo Store', settings_json: json };

let view: Rendered;
let api: ReturnType<typeof fakeFetch>;
const vatSwitch = () => view.container.querySelector<HTMLButtonElement>('#vat-registered')!;
const hint = () => view.container.querySelector('#vat-registered-hint')!.textContent;
const form = () => view.container.querySelector('form')!;

beforeEach(async () => {
  api = fakeFetch({ status: 200, body: { settings } });
  vi.stubGlobal('fetch', api.fetch);
  view = await renderForm(<StoreInfoForm settings={settings} tenantUuid="t-1" />);
});
afterEach(async () => {
  await view.unmount();
  vi.unstubAllGlobals();
});

describe('VAT registered', () => {
  it('starts off, saying shoppers see no VAT and receipts are plain', () => {
    expect(vatSwitch().getAttribute('aria-checked')).toBe('false');
    expect(hint()).toBe('No VAT is shown to shoppers, and receipts are plain receipts.');
  });

  it('switched on, asks for the VAT number before sending anything; with one, sends both', async () => {
    await click(vatSwitch());
    expect(vatSwitch().getAttribute('aria-checked')).toBe('true');
    await submit(form());
    expect(view.errors()).toEqual([STORE_SETTINGS_MESSAGES.vatNumberRequired]);
    expect(api.calls).toEqual([]);

    await typeInto(view.field('VAT number *'), 'gb 123456789');
    await submit(form());
    expect(view.errors()).toEqual([]);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({ method: 'PUT', url: '/api/admin/settings' });
    expect((api.calls[0].body as { settings_json: { business: unknown } }).settings_json.business).toMatchObject({ vat_registered: true, vat_number: 'GB123456789' });
  });

  it('switched off again, the missing number is no longer a problem', async () => {
    await click(vatSwitch());
    await submit(form());
    expect(view.errors()).toEqual([STORE_SETTINGS_MESSAGES.vatNumberRequired]);
    await click(vatSwitch());
    expect(view.errors()).toEqual([]);
    await submit(form());
    expect((api.calls[0].body as { settings_json: { business: unknown } }).settings_json.business).toMatchObject({ vat_registered: false, vat_number: '' });
  });

  it('shows the server’s field error on the VAT number', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 400, body: { error: { code: 'validation_error', message: 'Check the highlighted fields', fields: { 'settings_json.business.vat_number': STORE_SETTINGS_MESSAGES.vatNumberRequired } } } }).fetch);
    await click(vatSwitch());
    await typeInto(view.field('VAT number *'), 'GB123456789');
    await submit(form());
    expect(view.errors()).toEqual([STORE_SETTINGS_MESSAGES.vatNumberRequired]);
  });
});
