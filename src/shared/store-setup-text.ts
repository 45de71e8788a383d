// The set-up checklist's steps and words (issue 25), without Zod: the storefront's "Opening soon"
// screen reads them, and whatever this file holds is in the storefront's download (decision 004).
// The request and answer schemas are in store-setup.ts.

export const SETUP_STEP_KEYS = ['details', 'delivery', 'payments', 'product', 'policies', 'launch'] as const;
export type SetupStepKey = (typeof SETUP_STEP_KEYS)[number];

/** Steps a checkout needs: launch is refused while any of these is not done. */
export const LAUNCH_NEEDS: readonly SetupStepKey[] = ['details', 'delivery', 'payments', 'product'];

export const SETUP_TEXT = {
  steps: {
    details: { title: 'Add your store details', todo: 'Your contact email and business address: shoppers and the law need to know who they buy from.', done: 'Shoppers can see who you are and how to reach you.' },
    delivery: { title: 'Confirm your delivery options', todo: 'Check the delivery option your store started with, or add your own, then confirm them.', done: 'Shoppers can choose how their order reaches them.' },
    payments: { title: 'Set up card payments', todo: 'Connect your payment account so card payments are paid into it.', done: 'Card payments are connected.' },
    product: { title: 'Add a product to sell', todo: 'At least one active product with a price that is in stock.', done: 'You have a product shoppers can buy.' },
    policies: { title: 'Write your policies', todo: 'Your returns window and the terms and privacy pages every UK shop needs.', done: 'Your policies and legal pages are published.' },
    launch: { title: 'Launch your store', todo: 'Open your store to shoppers. Until then they see an "Opening soon" page.', done: 'Your store is open to shoppers.' },
  },
  /** Why launch is refused, per missing step. */
  blocked: {
    details: 'Add a contact email and a business address in Settings > Store Info.',
    delivery: 'Confirm at least one active delivery option in Settings > Shipping.',
    payments: 'Connect card payments in Settings > Payment.',
    product: 'Add an active product with a price that is in stock.',
    email: 'Confirm your email address: open the link we sent you.',
  },
  launchBlocked: 'Your store cannot open yet.',
  launched: 'Your store is open',
  unlaunched: 'Your store is closed to shoppers again',
  deliveryConfirmed: 'Delivery options confirmed',
  previewSaved: 'Preview password saved',
  previewRemoved: 'Preview password removed',
  openingSoonTitle: 'Opening soon',
  openingSoonBody: 'This shop is getting ready to open. Please come back soon.',
  previewPrompt: 'Have the preview password?',
  previewWrong: 'That password is not right.',
  previewNone: 'This shop has no preview password.',
} as const;

