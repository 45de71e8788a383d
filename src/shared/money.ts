/** Money is integer pence inside the server (DESIGN rule 3); the storefront API shows pounds. */
export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** £1,234.50 — GBP with en-GB formatting everywhere (storefront spec §9). */
export function formatGBP(pounds: number): string {
  return gbp.format(pounds);
}

/**
 * The most one order may come to, in pence: £999,999.99, the largest single card payment Stripe takes in
 * GBP. It also keeps every order, line and refund amount well inside the database's 32-bit pence columns
 * (£21.47M), so no basket, however large, can overflow them (issue 11).
 */
export const MAX_ORDER_TOTAL_PENCE = 99_999_999;
