// Abandoned checkout recovery (issue 28 item 6, decision 048): the setting, its limits, and the words a
// shopper and a merchant read. No Zod here: the storefront's cart page imports it (decision 004); the
// admin's request schemas are in checkout-recovery-schemas.ts.

export const CHECKOUT_RECOVERY = {
  /** "Send after": whole hours after the checkout was left. */
  minHours: 1,
  maxHours: 72,
  defaultHours: 4,
  /** A checkout older than this gets no email (a store that turns the setting on does not mail old ones). */
  maxAgeDays: 7,
  /** The "Return to your cart" link works this long after the email. */
  linkDays: 14,
  /** A paid order by the same address this long after the email counts as recovered. */
  recoveredWithinDays: 7,
  /** The dashboard's and the settings' figures look back this far. */
  statsDays: 30,
} as const;

export const CHECKOUT_RECOVERY_SETTINGS_API = '/api/admin/settings/checkout-recovery';

/** The store's setting (Settings > Email > Checkout recovery): off until the merchant turns it on. */
export interface CheckoutRecoverySettings {
  enabled: boolean;
  send_after_hours: number;
}

export const DEFAULT_CHECKOUT_RECOVERY: CheckoutRecoverySettings = { enabled: false, send_after_hours: CHECKOUT_RECOVERY.defaultHours };

/**
 * The stored setting read back (settings_json.checkout_recovery): anything that does not parse is the
 * default (off), so a bad value can never start sending emails.
 */
export function readCheckoutRecovery(raw: unknown): CheckoutRecoverySettings {
  if (typeof raw !== 'object' || raw === null) return { ...DEFAULT_CHECKOUT_RECOVERY };
  const { enabled, send_after_hours: hours } = raw as Record<string, unknown>;
  const validHours = typeof hours === 'number' && Number.isInteger(hours) && hours >= CHECKOUT_RECOVERY.minHours && hours <= CHECKOUT_RECOVERY.maxHours;
  return { enabled: enabled === true, send_after_hours: validHours ? hours : CHECKOUT_RECOVERY.defaultHours };
}

/** The settings' last-30-days figures, and the dashboard's "Recovered checkouts". */
export interface CheckoutRecoveryStats {
  /** Emails sent in the window. */
  sent: number;
  /** Of those, how many links were opened. */
  restored: number;
  /** Checkouts recovered in the window (the order paid), and what those orders came to (pounds). */
  recovered: number;
  recovered_revenue: number;
}

export const CHECKOUT_RECOVERY_TEXT = {
  title: 'Recover abandoned checkouts',
  description: 'Email shoppers who started a checkout with their email address but did not pay, with a link that puts their items back in their cart. One email per checkout, never after they paid or unsubscribed.',
  enabledLabel: 'Send checkout recovery emails',
  on: 'On: shoppers who leave a checkout unpaid get one reminder.',
  off: 'Off: no reminders are sent.',
  hoursLabel: 'Send after (hours)',
  hoursHint: `Hours after the checkout was left, from ${CHECKOUT_RECOVERY.minHours} to ${CHECKOUT_RECOVERY.maxHours}. Checkouts older than ${CHECKOUT_RECOVERY.maxAgeDays} days are never emailed.`,
  hoursInvalid: `Enter a whole number of hours from ${CHECKOUT_RECOVERY.minHours} to ${CHECKOUT_RECOVERY.maxHours}`,
  enabledInvalid: 'Choose on or off',
  readOnly: 'Only the store’s owner or an admin can change this setting.',
  saved: 'Checkout recovery settings saved',
  saveFailed: 'Failed to save checkout recovery settings',
  loadFailed: 'Failed to load checkout recovery settings',
  templateHint: 'The email is the “Checkout recovery” template: edit it in the Templates tab.',
  statsTitle: `Last ${CHECKOUT_RECOVERY.statsDays} days`,
  dashboardTitle: 'Recovered checkouts',
  dashboardNote: `Last ${CHECKOUT_RECOVERY.statsDays} days, from recovery emails`,
} as const;

/** The unsubscribe page (/email/unsubscribe?token=…, on the store's host, rendered by the server). */
export const UNSUBSCRIBE_TEXT = {
  title: 'Unsubscribe from cart reminders',
  intro: (shop: string) => `Stop emails from ${shop} about checkouts you started but did not finish. Order confirmations and delivery updates still come.`,
  confirm: 'Unsubscribe',
  done: 'You are unsubscribed',
  doneBody: (email: string, shop: string) => `${email} will get no more cart reminders from ${shop}.`,
  invalid: 'This unsubscribe link does not work. Check that you opened the whole link from the email.',
  backToShop: 'Back to the shop',
} as const;
