import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe API calls the provider makes (DESIGN rule 7: the real provider
 * is tested against a fake HTTP server). It keeps sessions and payment intents in memory, records
 * every request with its form body, and answers errors the way Stripe shapes them. A POST with an
 * Idempotency-Key that was seen before gets the first answer again, as Stripe does.
 */
export interface FakeStripeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

interface FakeSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  amount_total: number;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid';
}

/** A Connect account as the fake keeps it: Stripe's field names, so objects go out as Stripe's would. */
export interface FakeAccount {
  id: string;
  type: string;
  country: string;
  metadata: Record<string, string>;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: { currently_due: string[]; eventually_due: string[]; past_due: string[]; pending_verification: string[]; disabled_reason: string | null };
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
}

/** What a new Express account in the UK owes before onboarding (a realistic subset of Stripe's list). */
export const NEW_ACCOUNT_DUE = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'representative.first_name',
  'representative.last_name',
  'representative.dob.day',
  'tos_acceptance.date',
];

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  accounts: Map<string, FakeAccount>;
  /** The account holder did something on Stripe's pages: change the account as Stripe would. */
  updateAccount(id: string, change: Partial<Omit<FakeAccount, 'id'>>): FakeAccount;
  accountObject(id: string): Record<string, unknown>;
  /** The shopper pays on Stripe's page: the session completes with a new payment intent. */
  complete(sessionId: string): FakeSession;
  sessionObject(sessionId: string): Record<string, unknown>;
  /** Every Checkout Session the fake holds, as Stripe would list them (the tests count the open ones). */
  listSessions(): { id: string; status: FakeSession['status']; metadata: Record<string, string> }[];
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const intents = new Map<string, { amount: number; refunded: number }>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const accounts = new Map<string, FakeAccount>();
  let seq = 0;

  const accountObject = (a: FakeAccount) => ({ object: 'account', email: null, default_currency: 'gbp', ...a });
  const formRecord = (form: URLSearchParams, prefix: string): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [key, value] of form) {
      const m = new RegExp(`^${prefix}\\[([^\\]]+)\\]$`).exec(key);
      if (m) out[m[1]] = value;
    }
    return out;
  };

  const sessionObject = (s: FakeSession) => ({
    id: s.id,
    object: 'checkout.session',
    url: s.status === 'open' ? `https://checkout.stripe.test/c/pay/${s.id}` : null,
    status: s.status,
    payment_status: s.payment_status,
    amount_total: s.amount_total,
    currency: 'gbp',
    metadata: s.metadata,
    payment_intent: s.payment_intent,
  });
  const invalid = (message: string, code?: string, status = 400) => ({ status, body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } } });

  function handle(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      let total = 0;
      for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
        total += Number(form.get(`line_items[${i}][quantity]`)) * Number(form.get(`line_items[${i}][price_data][unit_amount]`));
      }
      total += Number(form.get('shipping_options[0][shipping_rate_data][fixed_amount][amount]') ?? 0);
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m) metadata[m[1]] = value;
      }
      const session: FakeSession = { id: `cs_test_fake${++seq}`, status: 'open', amount_total: total, metadata, payment_intent: null, payment_status: 'unpaid' };
      sessions.set(session.id, session);
      return { status: 200, body: sessionObject(session) };
    }
    const m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (m) {
      const session = sessions.get(decodeURIComponent(m[1]));
      if (!session) return invalid(`No such checkout.session: '${m[1]}'`, 'resource_missing', 404);
      if (method === 'GET' && !m[2]) return { status: 200, body: sessionObject(session) };
      if (method === 'POST' && m[2]) {
        if (session.status !== 'open') return invalid('Only Checkout Sessions with a status in ["open"] can be expired.');
        session.status = 'expired';
        return { status: 200, body: sessionObject(session) };
      }
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const requested = [...form.keys()].map((k) => /^capabilities\[([^\]]+)\]\[requested\]$/.exec(k)?.[1]).filter((c): c is string => !!c);
      const account: FakeAccount = {
        id: `acct_fake${++seq}`,
        type: form.get('type') ?? 'standard',
        country: form.get('country') ?? 'US',
        metadata: formRecord(form, 'metadata'),
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { currently_due: [...NEW_ACCOUNT_DUE], eventually_due: [...NEW_ACCOUNT_DUE], past_due: [], pending_verification: [], disabled_reason: 'requirements.past_due' },
        capabilities: Object.fromEntries(requested.map((c) => [c, 'inactive'])),
      };
      accounts.set(account.id, account);
      return { status: 200, body: accountObject(account) };
    }
    const acct = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && acct) {
      const account = accounts.get(decodeURIComponent(acct[1]));
      if (!account) return invalid(`No such account: '${acct[1]}'`, 'resource_missing', 404);
      return { status: 200, body: accountObject(account) };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const id = form.get('account') ?? '';
      if (!accounts.has(id)) return invalid(`No such account: '${id}'`, 'resource_missing', 404);
      for (const field of ['refresh_url', 'return_url']) {
        if (!URL.canParse(form.get(field) ?? '')) return invalid(`Invalid URL: ${field}`, 'url_invalid');
      }
      if (form.get('type') !== 'account_onboarding' && form.get('type') !== 'account_update') return invalid('Invalid type', 'parameter_invalid');
      const created = Math.floor(Date.now() / 1000);
      return { status: 200, body: { object: 'account_link', created, expires_at: created + 300, url: `https://connect.stripe.test/setup/e/${id}/link${++seq}` } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intentId = form.get('payment_intent') ?? '';
      const intent = intents.get(intentId);
      if (!intent) return invalid(`No such payment_intent: '${intentId}'`, 'resource_missing', 404);
      const amount = Number(form.get('amount') ?? intent.amount - intent.refunded);
      if (intent.refunded >= intent.amount) return invalid(`Charge for ${intentId} has already been refunded.`, 'charge_already_refunded');
      if (amount > intent.amount - intent.refunded) {
        return invalid(`Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${((intent.amount - intent.refunded) / 100).toFixed(2)})`, 'amount_too_large');
      }
      intent.refunded += amount;
      return { status: 200, body: { id: `re_fake${++seq}`, object: 'refund', amount, currency: 'gbp', payment_intent: intentId, status: 'succeeded' } };
    }
    return invalid(`Unrecognized request URL (${method}: ${path}).`, undefined, 404);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = new URLSearchParams(req.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8'));
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, form, authorization: req.headers.authorization, idempotencyKey: key });
      const replay = req.method === 'POST' && key ? answered.get(key) : undefined;
      const answer = replay ?? handle(req.method ?? '', url.pathname, form);
      if (req.method === 'POST' && key && !replay) answered.set(key, answer);
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_fake${seq}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    accounts,
    updateAccount(id, change) {
      const account = accounts.get(id);
      if (!account) throw new Error(`fake Stripe has no account ${id}`);
      Object.assign(account, change);
      return account;
    },
    accountObject(id) {
      const account = accounts.get(id);
      if (!account) throw new Error(`fake Stripe has no account ${id}`);
      return accountObject(account);
    },
    complete(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe has no session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = `pi_fake${++seq}`;
      intents.set(session.payment_intent, { amount: session.amount_total, refunded: 0 });
      return session;
    },
    sessionObject(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe has no session ${sessionId}`);
      return sessionObject(session);
    },
    listSessions: () => [...sessions.values()].map((s) => ({ id: s.id, status: s.status, metadata: s.metadata })),
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
