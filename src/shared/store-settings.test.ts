import { describe, expect, it } from 'vitest';
import {
  defaultStoreSettings,
  isCompanyNumber,
  isPhoneNumber,
  isVatNumber,
  normaliseVatNumber,
  publicDetailsOf,
  readStoredSettings,
  STORE_SETTINGS_MESSAGES as M,
  storeSettingsJson,
  updateSettingsBody,
} from './store-settings';
import { addressLines, registrationLine } from './store-details';

const issues = (input: unknown) => {
  const parsed = updateSettingsBody.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('phone numbers', () => {
  it.each(['020 7946 0958', '02079460958', '07700 900123', '0113 496 0000', '0800 123 456', '+44 20 7946 0958', '+44 (0)20 7946 0958', '+44-113-496-0000', '+353 1 234 5678', '(020) 7946 0958'])(
    'accepts %s',
    (phone) => expect(isPhoneNumber(phone)).toBe(true),
  );
  it.each(['12345', '020 7946 09', '+44 020 7946 0958', '0044 20 7946 0958x', '+0 123 4567', 'phone me', '', '++44 20 7946 0958', '020 7946 0958 0958'])(
    'refuses %j',
    (phone) => expect(isPhoneNumber(phone)).toBe(false),
  );
});

describe('company and VAT numbers', () => {
  it('Companies House: eight digits or a prefix and six digits, spaces and case forgiven', () => {
    for (const ok of ['01234567', 'SC123456', 'ni 012345', 'OC 301234', 'R0000123']) expect(isCompanyNumber(ok)).toBe(true);
    for (const bad of ['1234567', '123456789', 'S1234567', 'SC12345', 'SC1234567', 'AB-12345']) expect(isCompanyNumber(bad)).toBe(false);
  });

  it('VAT: GB or XI and 9 or 12 digits, or a government or health body; GB added when left out', () => {
    for (const ok of ['GB123456789', '123 4567 89', 'gb 123456789000', 'XI123456789', 'GBGD001', 'GBHA599']) expect(isVatNumber(ok)).toBe(true);
    for (const bad of ['GB12345678', 'FR123456789', 'GB1234567890', 'GBGD01', 'VAT']) expect(isVatNumber(bad)).toBe(false);
    expect(normaliseVatNumber('123 4567 89')).toBe('GB123456789');
    expect(normaliseVatNumber('xi 123-456-789')).toBe('XI123456789');
  });
});

describe('the settings body', () => {
  it('defaults: an empty settings_json is every field at its default, country United Kingdom, notifications on', () => {
    expect(storeSettingsJson.parse({})).toEqual(defaultStoreSettings(''));
    expect(storeSettingsJson.parse({ address: {} }).address.country).toBe('United Kingdom');
  });

  it('trims and normalises: postcode in capitals with its space, email lower case, numbers compact', () => {
    const s = storeSettingsJson.parse({
      contact_email: ' Shop@Example.CO.UK ',
      contact_phone: ' 020   7946 0958 ',
      address: { line1: ' 1 High St ', city: 'York', postcode: 'yo17hh' },
      business: { company_number: 'sc 123 456', vat_number: '123456789' },
    });
    expect(s.contact_email).toBe('shop@example.co.uk');
    expect(s.contact_phone).toBe('020 7946 0958');
    expect(s.address).toEqual({ line1: '1 High St', line2: '', city: 'York', postcode: 'YO1 7HH', country: 'United Kingdom' });
    expect(s.business).toEqual({ company_number: 'SC123456', vat_number: 'GB123456789', business_type: '', vat_registered: true });
  });

  it('null text is the same as empty', () => {
    expect(storeSettingsJson.parse({ contact_phone: null, store_description: null })).toMatchObject({ contact_phone: '', store_description: '' });
  });

  it('says Required for a missing store name and Invalid email for a bad address (spec §5)', () => {
    expect(issues({ name: '' })).toEqual({ name: M.required });
    expect(issues({ name: 'Shop', settings_json: { contact_email: 'nope' } })).toEqual({ 'settings_json.contact_email': 'Invalid email' });
    expect(M.required).toBe('Required');
    expect(M.invalidEmail).toBe('Invalid email');
  });

  it('an address is all or nothing', () => {
    expect(issues({ name: 'Shop', settings_json: { address: { city: 'York' } } })).toEqual({ 'settings_json.address.line1': M.required, 'settings_json.address.postcode': M.required });
    expect(issues({ name: 'Shop', settings_json: { address: { country: 'Jersey' } } })).toEqual({});
  });

  it('every string is bounded', () => {
    const long = 'x'.repeat(2000);
    const all = issues({
      name: long,
      settings_json: { store_name: long, store_description: long, contact_email: long, contact_phone: long, address: { line1: long, line2: long, city: long, postcode: long, country: long }, business: { company_number: long, vat_number: long, business_type: long } },
    });
    expect(Object.keys(all).sort()).toEqual(
      [
        'name',
        'settings_json.store_name',
        'settings_json.store_description',
        'settings_json.contact_email',
        'settings_json.contact_phone',
        'settings_json.address.line1',
        'settings_json.address.line2',
        'settings_json.address.city',
        'settings_json.address.postcode',
        'settings_json.address.country',
        'settings_json.business.company_number',
        'settings_json.business.vat_number',
        'settings_json.business.business_type',
      ].sort(),
    );
  });
});

describe('stored settings and the public part', () => {
  it('reads what parses and defaults the rest; store_name is always the name', () => {
    const s = readStoredSettings({ contact_email: 'a@b.example', address: 7, store_name: 'Old name', notifications: { customer_emails: false } }, 'New name');
    expect(s.contact_email).toBe('a@b.example');
    expect(s.address).toEqual(defaultStoreSettings().address);
    expect(s.store_name).toBe('New name');
    expect(s.notifications).toEqual({ order_notifications: true, low_stock_alerts: true, customer_emails: false });
    expect(readStoredSettings(null, 'X')).toEqual(defaultStoreSettings('X'));
    expect(readStoredSettings(['x'], 'X')).toEqual(defaultStoreSettings('X'));
  });

  it('shows shoppers contact, address and registration; never the business type or notifications', () => {
    const settings = storeSettingsJson.parse({
      store_description: 'Homeware',
      contact_email: 'hi@shop.example',
      address: { line1: '1 High St', city: 'York', postcode: 'YO1 7HH' },
      business: { company_number: '01234567', vat_number: 'GB123456789', business_type: 'limited_company' },
      notifications: { customer_emails: false },
    });
    const details = publicDetailsOf(settings);
    expect(details).toEqual({
      description: 'Homeware',
      contact_email: 'hi@shop.example',
      contact_phone: null,
      address: { line1: '1 High St', line2: null, city: 'York', postcode: 'YO1 7HH', country: 'United Kingdom' },
      company_number: '01234567',
      vat_number: 'GB123456789',
      vat_registered: true,
    });
    // Not VAT registered: the number, even if typed, is not shown to shoppers (issue 25).
    const unregistered = publicDetailsOf({ ...settings, business: { ...settings.business, vat_registered: false } });
    expect(unregistered).toMatchObject({ vat_number: null, vat_registered: false });
    expect(addressLines(details.address!)).toEqual(['1 High St', 'York YO1 7HH', 'United Kingdom']);
    expect(registrationLine(details)).toBe('Company no. 01234567 · VAT no. GB123456789');
    expect(registrationLine({ company_number: null, vat_number: null })).toBe('');
    expect(publicDetailsOf(defaultStoreSettings('X')).address).toBeNull();
  });
});
