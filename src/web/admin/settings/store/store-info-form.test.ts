import { describe, expect, it } from 'vitest';
import { defaultStoreSettings, STORE_SETTINGS_MESSAGES, updateSettingsBody, type StoreSettings } from '@shared/store-settings';
import { STORE_INFO_FIELDS, valuesOf, type StoreInfoValues } from './store-info-form';

const stored = (business: Partial<StoreSettings['settings_json']['business']> = {}): StoreSettings => {
  const json = defaultStoreSettings('Demo Store');
  return { name: 'Demo Store', settings_json: { ...json, business: { ...json.business, ...business } } };
};

/** The form's checks (its resolver is the PUT body's schema): each field's first message. */
function errorsOf(values: StoreInfoValues): Record<string, string> {
  const parsed = updateSettingsBody.safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const withBusiness = (business: Partial<StoreSettings['settings_json']['business']>): StoreInfoValues => {
  const values = valuesOf(stored());
  return { ...values, settings_json: { ...values.settings_json, business: { ...values.settings_json!.business, ...business } } };
};

describe('the Store Info form', () => {
  it('shows the stored VAT switch, and reads settings saved before it existed as the server does', () => {
    expect(valuesOf(stored({ vat_registered: true, vat_number: 'GB123456789' })).settings_json?.business).toMatchObject({ vat_registered: true, vat_number: 'GB123456789' });
    expect(valuesOf(stored({ vat_registered: false })).settings_json?.business?.vat_registered).toBe(false);
    const older = (vat_number: string) => stored({ vat_number, vat_registered: undefined as unknown as boolean });
    expect(valuesOf(older('GB123456789')).settings_json?.business?.vat_registered).toBe(true);
    expect(valuesOf(older('')).settings_json?.business?.vat_registered).toBe(false);
  });

  it('asks for the VAT number only while VAT registered', () => {
    expect(errorsOf(withBusiness({ vat_registered: true, vat_number: '' }))).toEqual({ 'settings_json.business.vat_number': STORE_SETTINGS_MESSAGES.vatNumberRequired });
    expect(errorsOf(withBusiness({ vat_registered: true, vat_number: 'GB123456789' }))).toEqual({});
    expect(errorsOf(withBusiness({ vat_registered: false, vat_number: '' }))).toEqual({});
    // Shown together with the other business details' messages, not after them.
    expect(Object.keys(errorsOf(withBusiness({ vat_registered: true, vat_number: '', company_number: 'nope' }))).sort()).toEqual([
      'settings_json.business.company_number',
      'settings_json.business.vat_number',
    ]);
  });

  it('knows every field the server can name, the VAT switch and number included', () => {
    const bad = errorsOf({
      name: '',
      settings_json: {
        store_description: 'x'.repeat(5000),
        contact_email: 'not an email',
        contact_phone: 'call me',
        address: { line1: 'x'.repeat(500), line2: '', city: '', postcode: 'nope', country: 'Narnia' },
        business: { company_number: 'nope', vat_number: 'nope', business_type: 'pirate', vat_registered: 'yes' as unknown as boolean },
        notifications: { order_notifications: true, low_stock_alerts: true, customer_emails: true },
      },
    });
    for (const path of Object.keys(bad)) expect(STORE_INFO_FIELDS).toContain(path);
    expect(STORE_INFO_FIELDS.indexOf('settings_json.business.vat_registered')).toBe(STORE_INFO_FIELDS.indexOf('settings_json.business.vat_number') - 1);
  });
});
