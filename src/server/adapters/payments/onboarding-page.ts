import { esc, ICON, layout } from './pay-page';
import { onboardingPath, ONBOARDING_STEPS, type OnboardingStep } from './test-connect';

/**
 * The test gateway's hosted onboarding page (issue 13): what Stripe's Connect onboarding is to a live
 * store, with three steps (business details, bank account, identity), each a plain form that posts to
 * the same origin. Server-rendered like the pay page: inline CSS, no scripts, every value escaped.
 */
export interface OnboardingView {
  shopName: string;
  accountRef: string;
  token: string;
  step: OnboardingStep;
  done: Record<OnboardingStep, boolean>;
  /** What the form shows: saved details, or what was typed when it came back with errors. */
  values: Record<string, string>;
  errors: Record<string, string>;
  /** Shown on the bank step once one is on file. */
  bankLast4: string | null;
  returnUrl: string;
}

const TITLES: Record<OnboardingStep, { name: string; heading: string; intro: string }> = {
  business: { name: 'Business details', heading: 'Tell us about your business', intro: 'The business that takes the payments, as it is registered.' },
  bank: { name: 'Bank account', heading: 'Where should payouts go?', intro: 'Money from card payments is paid out to this UK bank account.' },
  identity: { name: 'Identity', heading: 'Verify your identity', intro: 'The person who runs the business: card networks require it.' },
};

export const BUSINESS_TYPES = [
  { value: 'sole_trader', label: 'Sole trader' },
  { value: 'company', label: 'Limited company' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'charity', label: 'Charity or non-profit' },
] as const;

const STYLE = `
.steps{list-style:none;margin:20px 0 0;padding:0;display:grid;gap:4px}
.step{display:flex;align-items:center;gap:12px;padding:10px 12px;border-radius:10px;color:#52525b;text-decoration:none}
a.step:hover{background:#f4f4f5;color:#18181b}
.step[aria-current=step]{background:#eef2ff;color:#1e1b4b;font-weight:600}
.dot{flex:none;width:28px;height:28px;border-radius:999px;display:grid;place-items:center;font-size:13px;font-weight:700;border:2px solid #d4d4d8;color:#71717a;background:#fff}
.step[aria-current=step] .dot{border-color:#4f46e5;color:#4f46e5}
.step.done .dot{border-color:#16a34a;background:#16a34a;color:#fff}
.step-state{margin-left:auto;font-size:12px;font-weight:500;color:#71717a}
.step.done .step-state{color:#15803d}
.account{margin:6px 0 0;font-size:13px;color:#71717a;overflow-wrap:anywhere}
.account code{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#3f3f46}
.pay h2{margin-bottom:4px}
.intro{margin:0 0 20px;color:#71717a;font-size:14px}
.input.plain{padding:0 12px;letter-spacing:normal}
select.input{appearance:none;background:#fff url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' viewBox='0 0 24 24' fill='none' stroke='%2371717a' stroke-width='2'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E") no-repeat right 12px center}
.row3{display:grid;grid-template-columns:1fr 1fr 1.4fr;gap:8px}
.row2{display:grid;grid-template-columns:1fr 1fr;gap:12px}
@media (max-width:480px){.row2{grid-template-columns:1fr}}
.field-error{margin:6px 0 0;color:#b91c1c;font-size:13px;font-weight:500}
.summary-error{display:flex;gap:8px;align-items:flex-start;margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#fef2f2;color:#991b1b;font-size:14px;font-weight:500}
.optional{font-weight:400;color:#71717a}
.on-file{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#f0fdf4;color:#166534;font-size:14px}
.sub-label{font-weight:400;color:#71717a;font-size:13px}
.plain-fieldset{border:0;margin:0 0 16px;padding:0;min-width:0}
.plain-fieldset legend{padding:0}
.shop-title{font-size:24px;overflow-wrap:anywhere}
.unlocks{margin:20px 0 0;padding:12px 14px;border-radius:10px;background:#fff;border:1px solid #e4e4e7;color:#52525b;font-size:13px}
.later{display:block;text-align:center;margin-top:12px;font-size:14px;color:#52525b}
`;

function stepper(v: OnboardingView): string {
  const firstOpen = ONBOARDING_STEPS.find((s) => !v.done[s]);
  return ONBOARDING_STEPS.map((s, i) => {
    const current = s === v.step;
    const done = v.done[s];
    const state = done ? 'Done' : s === firstOpen ? 'To do' : 'Next';
    const inner = `<span class="dot" aria-hidden="true">${done ? '&#10003;' : i + 1}</span><span>${esc(TITLES[s].name)}</span><span class="step-state">${state}</span>`;
    const cls = `step${done ? ' done' : ''}`;
    // Finished steps and the first open one can be opened; later ones wait their turn.
    const reachable = done || s === firstOpen;
    const href = esc(onboardingPath(v.token, s));
    const tag = reachable && !current ? `<a class="${cls}" href="${href}">${inner}</a>` : `<div class="${cls}"${current ? ' aria-current="step"' : ''}>${inner}</div>`;
    return `<li>${tag}</li>`;
  }).join('');
}

function field(v: OnboardingView, name: string, label: string, input: string): string {
  const error = v.errors[name] ? `<p class="field-error" id="${name}-error">${esc(v.errors[name])}</p>` : '';
  return `<div class="field"><label class="label" for="${name}">${label}</label>${input}${error}</div>`;
}

function text(v: OnboardingView, name: string, attrs = ''): string {
  const invalid = v.errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
  return `<input class="input plain" id="${name}" name="${name}" type="text" value="${esc(v.values[name] ?? '')}"${invalid} ${attrs}>`;
}

function businessForm(v: OnboardingView): string {
  const chosen = v.values.business_type ?? '';
  const options = [`<option value=""${chosen ? '' : ' selected'} disabled>Choose…</option>`, ...BUSINESS_TYPES.map((t) => `<option value="${t.value}"${chosen === t.value ? ' selected' : ''}>${esc(t.label)}</option>`)].join('');
  const invalid = v.errors.business_type ? ' aria-invalid="true" aria-describedby="business_type-error"' : '';
  return [
    field(v, 'business_name', 'Legal business name', text(v, 'business_name', 'autocomplete="organization" maxlength="120" required')),
    field(v, 'business_type', 'Business type', `<select class="input plain" id="business_type" name="business_type" required${invalid}>${options}</select>`),
    field(v, 'website', 'Website <span class="optional">(optional)</span>', text(v, 'website', 'inputmode="url" autocomplete="url" maxlength="200" placeholder="https://"')),
  ].join('');
}

function bankForm(v: OnboardingView): string {
  const onFile = v.bankLast4 ? `<p class="on-file">Payouts go to the account ending ${esc(v.bankLast4)}. Enter a new one to change it.</p>` : '';
  return [
    onFile,
    field(v, 'holder_name', 'Name on the account', text(v, 'holder_name', 'autocomplete="name" maxlength="120" required')),
    `<div class="row2">`,
    field(v, 'sort_code', 'Sort code', text(v, 'sort_code', 'inputmode="numeric" maxlength="8" placeholder="10-88-00" required')),
    field(v, 'account_number', 'Account number', text(v, 'account_number', 'inputmode="numeric" maxlength="8" placeholder="00012345" required')),
    `</div>`,
    `<div class="hint"><p>Test mode: use a test bank account</p><dl><dt><code>10-88-00</code></dt><dd>Sort code</dd><dt><code>00012345</code></dt><dd>Account number</dd></dl></div>`,
  ].join('');
}

function identityForm(v: OnboardingView): string {
  const dobError = v.errors.dob ? `<p class="field-error" id="dob-error">${esc(v.errors.dob)}</p>` : '';
  const dobInvalid = v.errors.dob ? ' aria-invalid="true" aria-describedby="dob-error"' : '';
  const part = (name: string, label: string, size: number, placeholder: string) =>
    `<div><label class="label sub-label" for="${name}">${label}</label><input class="input plain" id="${name}" name="${name}" type="text" inputmode="numeric" maxlength="${size}" placeholder="${placeholder}" value="${esc(v.values[name] ?? '')}"${dobInvalid} required></div>`;
  return [
    `<div class="row2">`,
    field(v, 'first_name', 'First name', text(v, 'first_name', 'autocomplete="given-name" maxlength="60" required')),
    field(v, 'last_name', 'Last name', text(v, 'last_name', 'autocomplete="family-name" maxlength="60" required')),
    `</div>`,
    `<fieldset class="field plain-fieldset"><legend class="label">Date of birth</legend><div class="row3">${part('dob_day', 'Day', 2, 'DD')}${part('dob_month', 'Month', 2, 'MM')}${part('dob_year', 'Year', 4, 'YYYY')}</div>${dobError}</fieldset>`,
    `<div class="hint"><p>Test mode</p>Details are accepted at once; no identity document is needed.</div>`,
  ].join('');
}

export function renderOnboardingPage(v: OnboardingView): string {
  const t = TITLES[v.step];
  const form = v.step === 'business' ? businessForm(v) : v.step === 'bank' ? bankForm(v) : identityForm(v);
  const remaining = ONBOARDING_STEPS.filter((s) => !v.done[s] && s !== v.step).length;
  const submit = remaining === 0 ? 'Save and finish' : 'Save and continue';
  const errorCount = Object.keys(v.errors).length;
  const summary = errorCount ? `<p class="summary-error" role="alert">${ICON.alert}<span>Check the ${errorCount === 1 ? 'field' : `${errorCount} fields`} marked below.</span></p>` : '';
  const body = `<div class="panel">
<section class="summary" aria-labelledby="setup-title">
<h1 class="eyebrow" id="setup-title">Set up card payments</h1>
<p class="amount shop-title">${esc(v.shopName)}</p>
<p class="account">Account <code>${esc(v.accountRef)}</code></p>
<ol class="steps" aria-label="Onboarding steps">${stepper(v)}</ol>
<p class="unlocks">Once all three are done, card payments and payouts turn on, and shoppers' payments are paid into this account.</p>
</section>
<section class="pay" aria-labelledby="step-title">
<h2 id="step-title">${esc(t.heading)}</h2>
<p class="intro">${esc(t.intro)}</p>
${summary}
<form method="post" action="${esc(`/connect/onboarding/${v.step}?link=${encodeURIComponent(v.token)}`)}" novalidate>
${form}
<button class="btn" type="submit">${ICON.lock}<span>${submit}</span></button>
</form>
<a class="later" href="${esc(v.returnUrl)}">Finish later and return to ${esc(v.shopName)}</a>
<p class="secure">${ICON.lock}<span>Test onboarding · no real business or bank details are checked</span></p>
</section>
</div>`;
  return layout(`${t.name} · Set up payments · Test mode`, v.shopName, body, { badge: 'Test mode', badgeTitle: 'Test onboarding: nothing is sent to a real provider', extraStyle: STYLE });
}
