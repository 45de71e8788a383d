import type { z } from 'zod';
import type { Path } from 'react-hook-form';
import type { StoreSettings, updateSettingsBody } from '@shared/store-settings';

/** The form's values: the PUT body's shape, every text as typed. */
export type StoreInfoValues = z.input<typeof updateSettingsBody>;
export type StoreInfoOutput = z.output<typeof updateSettingsBody>;

/** The stored settings as form values (store_name is not a field: it mirrors the name). */
export function valuesOf(settings: StoreSettings): StoreInfoValues {
  const s = settings.settings_json;
  return {
    name: settings.name,
    settings_json: {
      store_description: s.store_description,
      contact_email: s.contact_email,
      contact_phone: s.contact_phone,
      address: { ...s.address },
      // Saved before the switch existed: registered when a VAT number was given (as the server reads it).
      business: { ...s.business, vat_registered: s.business.vat_registered ?? s.business.vat_number !== '' },
      notifications: { ...s.notifications },
      security: { require_two_step: s.security?.require_two_step ?? false },
    },
  };
}

/** Every field the server may name in `error.fields`, in the order the form shows them. */
export const STORE_INFO_FIELDS = [
  'name',
  'settings_json.contact_email',
  'settings_json.contact_phone',
  'settings_json.store_description',
  'settings_json.address.line1',
  'settings_json.address.line2',
  'settings_json.address.city',
  'settings_json.address.postcode',
  'settings_json.address.country',
  'settings_json.business.business_type',
  'settings_json.business.company_number',
  'settings_json.business.vat_registered',
  'settings_json.business.vat_number',
] as const satisfies readonly Path<StoreInfoValues>[];
