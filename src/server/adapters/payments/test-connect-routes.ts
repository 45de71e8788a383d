import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isSafeText } from '../../../shared/safe-text';
import { html } from './hosted-reply';
import { renderNoticePage } from './pay-page';
import { BUSINESS_TYPES, renderOnboardingPage, type OnboardingView } from './onboarding-page';
import { ONBOARDING_STEPS, stepsDone, type OnboardingLink, type OnboardingStep, type StepFields, type TestConnect, type TestConnectRow } from './test-connect';
import { deliverTestWebhook } from './webhook-delivery';
import { onboardingPath } from './test-connect';

/**
 * The test gateway's hosted onboarding, reached through the link create-account-link made:
 *   GET  /connect/onboarding?link=…           the first step not done yet (or &step= a done one)
 *   POST /connect/onboarding/:step?link=…     save the step -> signed account.updated webhook ->
 *                                             the next step, or the store's return URL after the last
 * (The signed link rides in the query: it is longer than a path parameter may be.)
 * The signed token is the capability, like Stripe's account link URL: it names the account, its store
 * and where to go after, so the page works on whichever host the admin came from. An expired link
 * goes to the refresh URL, as Stripe's do; a forged one is a 404.
 */
type Query = { link?: string; step?: string };

const line = (max: number, message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(max, `Use at most ${max} characters.`)
    .refine((v) => isSafeText(v) && !/\p{Cc}/u.test(v), 'Use letters, digits and punctuation only.');

const stepSchemas = {
  business: z.object({
    business_name: line(120, 'Enter the legal name of your business.'),
    business_type: z.enum(BUSINESS_TYPES.map((t) => t.value) as [string, ...string[]], { error: 'Choose a business type.' }),
    website: z
      .string()
      .trim()
      .max(200, 'Use at most 200 characters.')
      .refine((v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)), 'Enter a web address such as https://example.co.uk.'),
  }),
  bank: z.object({
    holder_name: line(120, 'Enter the name on the account.'),
    sort_code: z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine((v) => /^\d{6}$/.test(v), 'Enter a 6-digit sort code, such as 10-88-00.'),
    account_number: z
      .string()
      .transform((v) => v.replace(/\s/g, ''))
      .refine((v) => /^\d{8}$/.test(v), 'Enter an 8-digit account number, such as 00012345.'),
  }),
  identity: z.object({
    first_name: line(60, 'Enter your first name.'),
    last_name: line(60, 'Enter your last name.'),
    dob_day: z.string().max(4),
    dob_month: z.string().max(4),
    dob_year: z.string().max(6),
  }),
};

/** A real calendar date, and an adult's: card networks need the person running the business to be 18 or over. */
export function checkDateOfBirth(day: string, month: string, year: string, now = new Date()): string | null {
  const [d, m, y] = [day, month, year].map((v) => (/^\d{1,4}$/.test(v.trim()) ? Number(v.trim()) : NaN));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (!Number.isInteger(y) || y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return 'Enter a real date of birth, such as 27 3 1985.';
  }
  const eighteen = new Date(Date.UTC(y + 18, m - 1, d));
  return eighteen.getTime() > now.getTime() ? 'You must be 18 or over to set up payments for a business.' : null;
}

type Parsed = { fields: StepFields } | { errors: Record<string, string> };

function parseStep(step: OnboardingStep, body: Record<string, string>): Parsed {
  const result = stepSchemas[step].safeParse(body);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      errors[key.startsWith('dob_') ? 'dob' : key] ??= issue.message;
    }
  }
  if (step === 'identity') {
    const dob = checkDateOfBirth(body.dob_day ?? '', body.dob_month ?? '', body.dob_year ?? '');
    if (dob) errors.dob ??= dob;
  }
  if (!result.success || Object.keys(errors).length > 0) return { errors };
  const data = result.data as Record<string, string>;
  if (step === 'business') return { fields: { step, businessName: data.business_name, businessType: data.business_type, website: data.website } };
  if (step === 'bank') return { fields: { step, holderName: data.holder_name, last4: data.account_number.slice(-4) } };
  return { fields: { step, personName: `${data.first_name} ${data.last_name}` } };
}

/** What each form starts with: the details on file, the shop's name and address as a first guess. */
function savedValues(row: TestConnectRow, link: OnboardingLink): Record<string, string> {
  const [first = '', ...rest] = (row.personName ?? '').split(' ');
  return {
    business_name: row.businessName ?? row.shopName,
    business_type: row.businessType ?? '',
    website: row.website ?? new URL(link.returnUrl).origin,
    holder_name: row.businessName ?? row.shopName,
    first_name: first,
    last_name: rest.join(' '),
  };
}

const isStep = (value: unknown): value is OnboardingStep => typeof value === 'string' && (ONBOARDING_STEPS as readonly string[]).includes(value);

export const testConnectRoutes: FastifyPluginAsync<{ connect: TestConnect }> = async (app, { connect }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const notFound = (reply: FastifyReply) =>
    html(
      reply,
      404,
      renderNoticePage({
        shopName: null,
        tone: 'neutral',
        title: 'Onboarding link not valid',
        message: 'This onboarding link is not valid. Go back to your store admin and choose Connect or Update details again.',
      }),
    );

  /** The link and its account; or a 404 (forged, unknown) or where to go instead (expired: refresh_url). */
  async function open(token: string): Promise<{ link: OnboardingLink; row: TestConnectRow } | { goTo: string } | null> {
    const read = connect.readLink(token);
    if (!read) return null;
    if ('expired' in read) return { goTo: read.expired.refreshUrl };
    const row = await connect.find(read.tenantId, read.accountRef);
    return row ? { link: read, row } : null;
  }

  const view = (token: string, link: OnboardingLink, row: TestConnectRow, step: OnboardingStep, extra: Partial<OnboardingView> = {}): OnboardingView => ({
    shopName: row.shopName,
    accountRef: row.id,
    token,
    step,
    done: stepsDone(row),
    values: savedValues(row, link),
    errors: {},
    bankLast4: row.bankLast4,
    returnUrl: link.returnUrl,
    ...extra,
  });

  app.get<{ Querystring: Query }>('/connect/onboarding', async (req, reply) => {
    const token = typeof req.query.link === 'string' ? req.query.link : '';
    const opened = await open(token);
    if (!opened) return notFound(reply);
    if ('goTo' in opened) return reply.redirect(opened.goTo, 303);
    const { link, row } = opened;
    const done = stepsDone(row);
    const firstOpen = ONBOARDING_STEPS.find((s) => !done[s]);
    const asked = req.query.step;
    // A finished step can be opened again (update details); an unfinished one only in its turn.
    const step = isStep(asked) && (done[asked] || asked === firstOpen) ? asked : (firstOpen ?? 'business');
    return html(reply, 200, renderOnboardingPage(view(token, link, row, step)));
  });

  app.post<{ Params: { step: string }; Querystring: Query; Body: Record<string, string> }>('/connect/onboarding/:step', async (req, reply) => {
    const token = typeof req.query.link === 'string' ? req.query.link : '';
    const opened = await open(token);
    if (!opened) return notFound(reply);
    if ('goTo' in opened) return reply.redirect(opened.goTo, 303);
    const { link, row } = opened;
    const step = req.params.step;
    if (!isStep(step)) return notFound(reply);
    const body = Object.fromEntries(Object.entries(req.body ?? {}).map(([k, v]) => [k, String(v).slice(0, 500)]));
    const parsed = parseStep(step, body);
    if ('errors' in parsed) {
      return html(reply, 422, renderOnboardingPage(view(token, link, row, step, { values: { ...savedValues(row, link), ...body }, errors: parsed.errors })));
    }
    const saved = await connect.completeStep(link.tenantId, link.accountRef, parsed.fields);
    if (!saved) return notFound(reply);
    // Tell the shop, as Stripe sends account.updated. A lost delivery is healed by the Payment tab's
    // own status check when the person lands back on it.
    await deliverTestWebhook(app, req.log, connect.signedAccountEvent(saved), 'account.updated');
    const done = stepsDone(saved);
    const next = ONBOARDING_STEPS.find((s) => !done[s]);
    return reply.redirect(next ? onboardingPath(token, next) : link.returnUrl, 303);
  });
};
