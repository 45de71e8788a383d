/**
 * Actions that make the server reach outside on someone's say-so (issue 24 item 4, decision 033): each
 * has a budget per store (its sales book, for the CRM) and per account, counted in the database over
 * a sliding hour, answered 429 with Retry-After beyond it. Only actions that go ahead are counted.
 * The numbers sit well above what a person trying things out needs, and far below what a script does.
 */
export const OUTBOUND_WINDOW_MS = 60 * 60 * 1000;

export interface OutboundBudget {
  perStore: number;
  perAccount: number;
}

export const OUTBOUND_LIMITS = {
  /** Bark sheet imports: each is a fetch of up to 10 s of an address the caller typed. */
  barkImport: { perStore: 20, perAccount: 10 },
  /** Test emails (Settings > Email): each goes to any address the admin typed. */
  testEmail: { perStore: 20, perAccount: 10 },
  /** Test pushes (Settings > Notifications): each goes through the browsers' push services. */
  testPush: { perStore: 30, perAccount: 10 },
} as const satisfies Record<string, OutboundBudget>;

export const OUTBOUND_TEXT = {
  barkImportStore: `This sales book has imported Bark sheets ${OUTBOUND_LIMITS.barkImport.perStore} times in the last hour. Please try again later.`,
  barkImportAccount: `You have imported Bark sheets ${OUTBOUND_LIMITS.barkImport.perAccount} times in the last hour. Please try again later.`,
  testEmailStore: 'Too many test emails in an hour. Please try again later.',
  testEmailAccount: `You have sent ${OUTBOUND_LIMITS.testEmail.perAccount} test emails in the last hour. Please try again later.`,
  testPushStore: `This store has sent ${OUTBOUND_LIMITS.testPush.perStore} test notifications in the last hour. Please try again later.`,
  testPushAccount: `You have sent ${OUTBOUND_LIMITS.testPush.perAccount} test notifications in the last hour. Please try again later.`,
} as const;
