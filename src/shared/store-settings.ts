import { z } from 'zod';
import { isUkPostcode, normalisePostcode } from './address';
import type { PublicStoreDetails, StoreNotifications, StoreSettingsJson } from './store-details';

// Settings > Store Info (admin spec §2, §3 Settings, §5, §7 GET/PUT /api/admin/settings). One schema for
// the server's PUT body and the admin form. Admin-only: imports Zod, so the storefront must not import
// this file (decision 004); it reads the public part through store-details.ts.

/** Admin spec §9: the default country. The others use UK-format postcodes too. */
export const DEFAULT_COUNTRY = 'United Kingdom';
export const STORE_COUNTRIES = [DEFAULT_COUNTRY, 'Isle of Man', 'Jersey', 'Guernsey'] as const;

export const BUSINESS_TYPES = [
  { value: 'sole_trader', label: 'Sole trader' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'limited_company', label: 'Limited company' },
  { value: 'llp', label: 'Limited liability partnership (LLP)' },
  { value: 'charity', label: 'Charity or non-profit' },
  { value: 'other', label: 'Other' },
] as const;

export const DEFAULT_NOTIFICATIONS: StoreNotifications = { order_notifications: true, low_stock_alerts: true, customer_emails: true };

export function defaultStoreSettings(storeName = ''): StoreSettingsJson {
  return {
    store_name: storeName,
    store_description: '',
    contact_email: '',
    contact_phone: '',
    address: { line1: '', line2: '', city: '', postcode: '', country: DEFAULT_COUNTRY },
    business: { company_number: '', vat_number: '', business_type: '', vat_registered: false },
    notifications: { ...DEFAULT_NOTIFICATIONS },
    security: { require_two_step: false },
  };
}

export const NO_PUBLIC_DETAILS: PublicStoreDetails = { description: null, contact_email: null, contact_phone: null, address: null, company_number: null, vat_number: null, vat_registered: false };

/** The shopper-facing part of a store's settings. */
export function publicDetailsOf(settings: StoreSettingsJson): PublicStoreDetails {
  const a = settings.address;
  return {
    description: settings.store_description || null,
    contact_email: settings.contact_email || null,
    contact_phone: settings.contact_phone || null,
    address: a.line1 && a.city && a.postcode ? { line1: a.line1, line2: a.line2 || null, city: a.city, postcode: a.postcode, country: a.country || DEFAULT_COUNTRY } : null,
    company_number: settings.business.company_number || null,
    // A VAT number is shown only while the business says it is registered (issue 25).
    vat_number: (settings.business.vat_registered && settings.business.vat_number) || null,
    vat_registered: settings.business.vat_registered,
  };
}

export const STORE_SETTINGS_LIMITS = {
  name: 120,
  description: 1000,
  email: 254,
  phone: 32,
  addressLine: 120,
  city: 80,
  postcode: 10,
  companyNumber: 8,
  vatNumber: 20,
} as const;

const tooLong = (label: string, max: number) => `${label} must be ${max} characters or fewer`;

/** Spec §5 gives 'Required' and 'Invalid email' (the form layer's generic texts); the rest say what to type. */
export const STORE_SETTINGS_MESSAGES = {
  required: 'Required',
  invalidEmail: 'Invalid email',
  nameTooLong: tooLong('Store name', STORE_SETTINGS_LIMITS.name),
  descriptionTooLong: tooLong('Description', STORE_SETTINGS_LIMITS.description),
  emailTooLong: tooLong('Email', STORE_SETTINGS_LIMITS.email),
  phone: 'Enter a UK phone number such as 020 7946 0958, or an international number starting with +',
  phoneTooLong: tooLong('Phone', STORE_SETTINGS_LIMITS.phone),
  lineTooLong: tooLong('Address line', STORE_SETTINGS_LIMITS.addressLine),
  cityTooLong: tooLong('Town or city', STORE_SETTINGS_LIMITS.city),
  postcode: 'Enter a valid UK postcode',
  country: 'Choose a country from the list',
  companyNumber: 'Enter the 8-character Companies House number, such as 01234567 or SC123456',
  vatNumber: 'Enter a UK VAT number, such as GB123456789',
  vatNumberRequired: 'Enter your VAT number: it is printed on every VAT receipt',
  businessType: 'Choose a business type from the list',
  toggle: 'Must be on or off',
} as const;

/**
 * UK numbers as people write them: 020 7946 0958, 07700 900123, +44 (0)20 7946 0958; or any
 * international number in + form (7 to 15 digits). Spaces, dashes, dots and brackets are allowed.
 */
export function isPhoneNumber(value: string): boolean {
  if (!/^[+\d\s().-]+$/.test(value)) return false;
  const compact = value.replace('(0)', '').replace(/[\s().-]/g, '');
  if (compact.startsWith('+44')) return /^\+44[1-9]\d{8,9}$/.test(compact);
  if (compact.startsWith('+')) return /^\+[1-9]\d{6,14}$/.test(compact);
  return /^0[1-9]\d{8,9}$/.test(compact);
}

/** Companies House numbers: eight digits, or a two-letter prefix (SC, NI, OC...) and six digits. */
export function normaliseCompanyNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
export const isCompanyNumber = (value: string) => /^(?:\d{8}|[A-Z]{2}\d{6}|R\d{7})$/.test(normaliseCompanyNumber(value));

/** UK VAT numbers: GB (or XI, Northern Ireland) and 9 or 12 digits, or GBGD/GBHA and 3 digits; GB is added when left out. */
export function normaliseVatNumber(value: string): string {
  const compact = value.replace(/[\s.-]+/g, '').toUpperCase();
  return /^(GB|XI)/.test(compact) ? compact : `GB${compact}`;
}
export const isVatNumber = (value: string) => /^(?:GB|XI)(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/.test(normaliseVatNumber(value));

/** Optional text: trimmed, '' when left out or null, bounded. */
const text = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v ?? '');

/** Optional text with a format: '' passes, anything else must pass `valid` and is stored as `normalise` makes it. */
const formatted = (max: number, tooLongMessage: string, valid: (v: string) => boolean, message: string, normalise: (v: string) => string = (v) => v) =>
  text(max, tooLongMessage)
    .refine((v) => v === '' || valid(v), message)
    .transform((v) => (v === '' ? v : normalise(v)));

const toggle = (fallback: boolean) => z.boolean({ error: STORE_SETTINGS_MESSAGES.toggle }).default(fallback);

const businessTypes = BUSINESS_TYPES.map((t) => t.value) as string[];
const emailCheck = z.email();

const addressFields = {
  line1: text(STORE_SETTINGS_LIMITS.addressLine, STORE_SETTINGS_MESSAGES.lineTooLong),
  line2: text(STORE_SETTINGS_LIMITS.addressLine, STORE_SETTINGS_MESSAGES.lineTooLong),
  city: text(STORE_SETTINGS_LIMITS.city, STORE_SETTINGS_MESSAGES.cityTooLong),
  postcode: formatted(STORE_SETTINGS_LIMITS.postcode, STORE_SETTINGS_MESSAGES.postcode, isUkPostcode, STORE_SETTINGS_MESSAGES.postcode, normalisePostcode),
  country: z
    .string({ error: STORE_SETTINGS_MESSAGES.country })
    .trim()
    .nullish()
    .transform((v) => v || DEFAULT_COUNTRY)
    .refine((v) => (STORE_COUNTRIES as readonly string[]).includes(v), STORE_SETTINGS_MESSAGES.country),
};

const settingsFields = {
  /** Mirrors `name`; the server writes the saved name here whatever is sent. */
  store_name: text(STORE_SETTINGS_LIMITS.name, STORE_SETTINGS_MESSAGES.nameTooLong),
  store_description: text(STORE_SETTINGS_LIMITS.description, STORE_SETTINGS_MESSAGES.descriptionTooLong),
  contact_email: text(STORE_SETTINGS_LIMITS.email, STORE_SETTINGS_MESSAGES.emailTooLong)
    .transform((v) => v.toLowerCase())
    .refine((v) => v === '' || emailCheck.safeParse(v).success, STORE_SETTINGS_MESSAGES.invalidEmail),
  contact_phone: formatted(STORE_SETTINGS_LIMITS.phone, STORE_SETTINGS_MESSAGES.phoneTooLong, isPhoneNumber, STORE_SETTINGS_MESSAGES.phone, (v) => v.replace(/\s+/g, ' ')),
  address: z.strictObject(addressFields).default(() => defaultStoreSettings().address),
  business: z
    .strictObject({
      company_number: formatted(STORE_SETTINGS_LIMITS.companyNumber + 4, STORE_SETTINGS_MESSAGES.companyNumber, isCompanyNumber, STORE_SETTINGS_MESSAGES.companyNumber, normaliseCompanyNumber),
      vat_number: formatted(STORE_SETTINGS_LIMITS.vatNumber, STORE_SETTINGS_MESSAGES.vatNumber, isVatNumber, STORE_SETTINGS_MESSAGES.vatNumber, normaliseVatNumber),
      business_type: text(40, STORE_SETTINGS_MESSAGES.businessType).refine((v) => v === '' || businessTypes.includes(v), STORE_SETTINGS_MESSAGES.businessType),
      /** Issue 25. Left out (settings saved before the switch existed): registered when a VAT number is given. */
      vat_registered: z.boolean({ error: STORE_SETTINGS_MESSAGES.toggle }).optional(),
    })
    .superRefine((b, ctx) => {
      if (b.vat_registered === true && !b.vat_number) ctx.addIssue({ code: 'custom', path: ['vat_number'], message: STORE_SETTINGS_MESSAGES.vatNumberRequired });
    })
    .transform((b) => ({ ...b, vat_registered: b.vat_registered ?? b.vat_number !== '' }))
    .default(() => defaultStoreSettings().business),
  notifications: z
    .strictObject({
      order_notifications: toggle(DEFAULT_NOTIFICATIONS.order_notifications),
      low_stock_alerts: toggle(DEFAULT_NOTIFICATIONS.low_stock_alerts),
      customer_emails: toggle(DEFAULT_NOTIFICATIONS.customer_emails),
    })
    .default(() => ({ ...DEFAULT_NOTIFICATIONS })),
  /** Issue 26: "Require two-step sign-in for everyone with admin access". */
  security: z.strictObject({ require_two_step: toggle(false) }).default(() => ({ require_two_step: false })),
};

/**
 * settings_json as the PUT sends it. Every field may be left out (its default is stored). An address is
 * all or nothing: once any of line 1, line 2, town or postcode is given, line 1, town and postcode are
 * required, so the footer never shows half an address.
 */
export const storeSettingsJson = z.strictObject(settingsFields).superRefine((s, ctx) => {
  const a = s.address;
  if (!(a.line1 || a.line2 || a.city || a.postcode)) return;
  for (const key of ['line1', 'city', 'postcode'] as const) {
    if (!a[key]) ctx.addIssue({ code: 'custom', path: ['address', key], message: STORE_SETTINGS_MESSAGES.required });
  }
});

/** PUT /api/admin/settings. The store name is tenants.name and required (spec §5). */
export const updateSettingsBody = z.strictObject({
  name: z
    .string({ error: STORE_SETTINGS_MESSAGES.required })
    .trim()
    .min(1, STORE_SETTINGS_MESSAGES.required)
    .max(STORE_SETTINGS_LIMITS.name, STORE_SETTINGS_MESSAGES.nameTooLong),
  /** Left out: only the name changes. Given: it replaces the stored settings (left-out fields get defaults). */
  settings_json: storeSettingsJson.optional(),
});
export type UpdateSettingsBody = z.input<typeof updateSettingsBody>;

/**
 * A stored settings_json read back: each part that does not parse (written by an older version, or
 * hand-edited) falls back to its default instead of failing the read, so a bad value never takes a
 * store's pages down.
 */
export function readStoredSettings(raw: unknown, storeName: string): StoreSettingsJson {
  const fallback = defaultStoreSettings(storeName);
  const source = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const out = { ...fallback };
  for (const key of Object.keys(settingsFields) as (keyof typeof settingsFields)[]) {
    const parsed = settingsFields[key].safeParse(source[key]);
    if (parsed.success) (out as Record<string, unknown>)[key] = parsed.data;
  }
  return { ...out, store_name: storeName };
}

// ---- Responses ----

const settingsJsonResponse = z.object({
  store_name: z.string(),
  store_description: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  address: z.object({ line1: z.string(), line2: z.string(), city: z.string(), postcode: z.string(), country: z.string() }),
  business: z.object({ company_number: z.string(), vat_number: z.string(), business_type: z.string(), vat_registered: z.boolean() }),
  notifications: z.object({ order_notifications: z.boolean(), low_stock_alerts: z.boolean(), customer_emails: z.boolean() }),
  security: z.object({ require_two_step: z.boolean() }),
});

export const storeSettingsSchema = z.object({ name: z.string(), settings_json: settingsJsonResponse });
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** GET /api/admin/settings: the settings and the store's id (the email and push test sends name it). */
export const settingsResponse = z.object({ settings: storeSettingsSchema, tenant_uuid: z.string() });
export type SettingsResponse = z.infer<typeof settingsResponse>;
/** PUT /api/admin/settings. */
export const updateSettingsResponse = z.object({ settings: storeSettingsSchema });

/** The shopper-facing details (store-details.ts), as GET /api/tenant/current answers them. */
export const publicStoreDetailsSchema = z.object({
  description: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  address: z.object({ line1: z.string(), line2: z.string().nullable(), city: z.string(), postcode: z.string(), country: z.string() }).nullable(),
  company_number: z.string().nullable(),
  vat_number: z.string().nullable(),
  vat_registered: z.boolean(),
});
