// Where a checkout recovery email's "Return to your cart" link leads (decision 048): the server's
// /cart/restore answers /cart?restore=<outcome>, and the cart page says how it went. Imports nothing and
// nothing of the admin's imports it: the cart page's bundle takes it alone (decision 004's budget).

/** Where the "Return to your cart" link leads: the cart, with ?restore= saying how it went. */
export const RESTORE_PARAM = 'restore';
export const RESTORE_OUTCOMES = ['restored', 'partial', 'unavailable', 'expired', 'invalid'] as const;
export type RestoreOutcome = (typeof RESTORE_OUTCOMES)[number];

export const RESTORE_NOTICES: Record<RestoreOutcome, { tone: 'info' | 'warning'; title: string; body: string }> = {
  restored: { tone: 'info', title: 'Welcome back', body: 'The items from your checkout are back in your cart, at today’s prices.' },
  partial: { tone: 'warning', title: 'Welcome back', body: 'We put your items back in your cart at today’s prices. Some are no longer sold and were left out.' },
  unavailable: { tone: 'warning', title: 'Those items are no longer sold', body: 'None of the items from your checkout can be bought any more. Have a look at what else we have.' },
  expired: { tone: 'warning', title: 'This link has expired', body: 'Your items were not added, but you can still find them in the shop.' },
  invalid: { tone: 'warning', title: 'This link does not work', body: 'We could not find a saved cart for this link. Check that you opened the whole link from the email.' },
};
