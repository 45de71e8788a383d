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
