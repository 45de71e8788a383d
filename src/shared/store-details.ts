/**
 * What a shopper may see of a store's settings (admin spec §3 Settings): the footer, page heads, emails
 * and the pay page show these. No Zod and nothing the storefront does not use here: the storefront
 * imports this file, and whatever it holds is in the storefront's download (decision 004). Defaults,
 * choices and schemas are in store-settings.ts.
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
  /** Charges VAT (issue 25): prices include it and receipts show it by rate; off: no VAT line anywhere. */
  vat_registered: boolean;
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
  /** Issue 26: everyone with admin access must sign in in two steps. */
  security: { require_two_step: boolean };
}

export interface PublicStoreDetails {
  description: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  /** Null until at least the first line, town and postcode are given. */
  address: { line1: string; line2: string | null; city: string; postcode: string; country: string } | null;
  company_number: string | null;
  /** Only while VAT registered. */
  vat_number: string | null;
  vat_registered: boolean;
}

/** "1 High Street", "Unit 2", "Leeds LS1 4AP", "United Kingdom": one line each, as on an envelope. */
export function addressLines(address: NonNullable<PublicStoreDetails['address']>): string[] {
  return [address.line1, address.line2, `${address.city} ${address.postcode}`, address.country].filter((line): line is string => Boolean(line));
}

/** "Company no. 01234567 · VAT no. GB123456789", or '' when neither is given. */
export function registrationLine(details: Pick<PublicStoreDetails, 'company_number' | 'vat_number'>): string {
  return [details.company_number ? `Company no. ${details.company_number}` : '', details.vat_number ? `VAT no. ${details.vat_number}` : ''].filter(Boolean).join(' · ');
}
