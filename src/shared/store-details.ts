/**
 * What a shopper may see of a store's settings (admin spec §3 Settings): the footer, page heads, emails
 * and the pay page show these. No Zod here: the storefront imports this file (decision 004); the
 * request and response schemas are in store-settings.ts.
 *
 * Public: the description, contact email and phone, the business address, and the company and VAT
 * numbers (UK law asks a company to show its registered number on its website and a VAT-registered
 * business its VAT number on invoices, so they are not secrets). Never public: the business type and
 * the notification preferences, which only steer what the shop does.
 */

export interface StoreAddress {
  line1: string;
  line2: string;
  city: string;
  postcode: string;
  country: string;
}

export interface StoreBusiness {
  company_number: string;
  vat_number: string;
  /** One of BUSINESS_TYPES, or '' when not chosen. */
  business_type: string;
}

/** Admin spec §3: all three default to on. */
export interface StoreNotifications {
  order_notifications: boolean;
  low_stock_alerts: boolean;
  customer_emails: boolean;
}

/** tenants.settings_json as stored and answered; '' means "not given" for text. */
export interface StoreSettingsJson {
  /** Mirrors tenants.name (the store name the PUT's `name` sets). */
  store_name: string;
  store_description: string;
  contact_email: string;
  contact_phone: string;
  address: StoreAddress;
  business: StoreBusiness;
  notifications: StoreNotifications;
}

export interface PublicStoreDetails {
  description: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  /** Null until at least the first line, town and postcode are given. */
  address: { line1: string; line2: string | null; city: string; postcode: string; country: string } | null;
  company_number: string | null;
  vat_number: string | null;
}

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
    business: { company_number: '', vat_number: '', business_type: '' },
    notifications: { ...DEFAULT_NOTIFICATIONS },
  };
}

export const NO_PUBLIC_DETAILS: PublicStoreDetails = { description: null, contact_email: null, contact_phone: null, address: null, company_number: null, vat_number: null };

/** The shopper-facing part of a store's settings. */
export function publicDetailsOf(settings: StoreSettingsJson): PublicStoreDetails {
  const a = settings.address;
  return {
    description: settings.store_description || null,
    contact_email: settings.contact_email || null,
    contact_phone: settings.contact_phone || null,
    address: a.line1 && a.city && a.postcode ? { line1: a.line1, line2: a.line2 || null, city: a.city, postcode: a.postcode, country: a.country || DEFAULT_COUNTRY } : null,
    company_number: settings.business.company_number || null,
    vat_number: settings.business.vat_number || null,
  };
}

/** "1 High Street", "Unit 2", "Leeds LS1 4AP", "United Kingdom": one line each, as on an envelope. */
export function addressLines(address: NonNullable<PublicStoreDetails['address']>): string[] {
  return [address.line1, address.line2, `${address.city} ${address.postcode}`, address.country].filter((line): line is string => Boolean(line));
}

/** "Company no. 01234567 · VAT no. GB123456789", or '' when neither is given. */
export function registrationLine(details: Pick<PublicStoreDetails, 'company_number' | 'vat_number'>): string {
  return [details.company_number ? `Company no. ${details.company_number}` : '', details.vat_number ? `VAT no. ${details.vat_number}` : ''].filter(Boolean).join(' · ');
}
