import { formatGBP, penceToPounds } from '../../../shared/money';
import { addressLines, registrationLine, type PublicStoreDetails } from '../../../shared/store-details';

/**
 * The test gateway's hosted pages, rendered on the server as one self-contained HTML document each:
 * inline CSS (the app's CSP allows 'unsafe-inline' styles), inline SVG, no scripts, no outside assets.
 * Plain forms post back to the same origin. Every text from the database goes through esc().
 */

export interface PayPageView {
  sessionId: string;
  shopName: string;
  orderNumber: string | null;
  customerEmail: string | null;
  lines: { name: string; quantity: number; unit_amount: number }[];
  /** Null: nothing is delivered (a quote's deposit), so no delivery row. */
  deliveryName: string | null;
  deliveryAmount: number;
  /** The quiet button's words (default: back to the cart). */
  cancelLabel?: string;
  total: number;
  /** What the shopper typed, shown back after an error. */
  cardNumber?: string;
  error?: string;
  /** Who is being paid and how to reach them (Settings > Store Info), under the panel. */
  store?: PublicStoreDetails;
}

export interface NoticeView {
  shopName: string | null;
  tone: 'neutral' | 'success' | 'warning';
  title: string;
  message: string;
  /** A link, or a button that posts to formAction (for "try again"). */
  action?: { label: string; href: string } | { label: string; formAction: string };
  store?: PublicStoreDetails;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const money = (pence: number) => esc(formatGBP(penceToPounds(pence)));

export const ICON = {
  lock: '<svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>',
  card: '<svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round"><rect x="2" y="5" width="20" height="14" rx="2"/><path d="M2 10h20M6 15h4"/></svg>',
  alert: '<svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10"/><path d="M12 8v4M12 16h.01"/></svg>',
  check: '<svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.25" stroke-linecap="round" stroke-linejoin="round"><path d="M20 6 9 17l-5-5"/></svg>',
  clock: '<svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10"/><path d="M12 6v6l4 2"/></svg>',
};

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;-webkit-font-smoothing:antialiased}
body{margin:0;background:#f4f4f5;color:#18181b;font:15px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
a{color:#4f46e5}
:focus-visible{outline:2px solid #6366f1;outline-offset:2px}
.bar{background:#fff;border-bottom:1px solid #e4e4e7}
.bar-in{max-width:960px;margin:0 auto;padding:12px 20px;display:flex;align-items:center;gap:12px}
.shop{display:flex;align-items:center;gap:10px;font-weight:600;min-width:0}
.shop-name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.avatar{flex:none;width:32px;height:32px;border-radius:8px;background:#4f46e5;color:#fff;display:grid;place-items:center;font-size:15px;font-weight:700}
.badge{margin-left:auto;flex:none;display:inline-flex;align-items:center;gap:6px;padding:3px 10px;border-radius:999px;background:#fef3c7;color:#92400e;font-size:12px;font-weight:600;letter-spacing:.02em;text-transform:uppercase}
.wrap{max-width:960px;margin:0 auto;padding:28px 20px 40px}
.panel{display:grid;grid-template-columns:1fr;background:#fff;border:1px solid #e4e4e7;border-radius:14px;overflow:hidden;box-shadow:0 1px 2px rgba(0,0,0,.04),0 8px 24px rgba(0,0,0,.04)}
@media (min-width:820px){.panel{grid-template-columns:1fr 1fr}.panel.single{grid-template-columns:1fr}.summary{border-right:1px solid #e4e4e7;border-bottom:0}}
.summary{background:#fafafa;padding:28px;border-bottom:1px solid #e4e4e7}
.pay{padding:28px}
.muted{color:#71717a}
.eyebrow{margin:0;color:#71717a;font-size:14px;font-weight:500}
.amount{margin:2px 0 4px;font-size:34px;line-height:1.15;font-weight:700;letter-spacing:-.02em;font-variant-numeric:tabular-nums}
.order{margin:0 0 20px;color:#71717a;font-size:13px}
.lines{list-style:none;margin:0;padding:0}
.line{display:flex;justify-content:space-between;gap:16px;padding:10px 0;border-top:1px solid #ececee}
.line:first-child{border-top:0}
.line-name{font-weight:500;overflow-wrap:anywhere}
.line-qty{font-size:13px;color:#71717a}
.num{font-variant-numeric:tabular-nums;white-space:nowrap;text-align:right}
.totals{margin:12px 0 0;padding:12px 0 0;border-top:1px solid #e4e4e7}
.row{display:flex;justify-content:space-between;gap:16px;padding:4px 0}
.row dt{color:#52525b}.row dd{margin:0}
.sub{display:block;font-size:13px;color:#71717a}
.row.grand{margin-top:8px;padding-top:12px;border-top:1px solid #e4e4e7;font-weight:700;font-size:17px}
.row.grand dt{color:#18181b}
h1,h2{margin:0}
.pay h2{font-size:18px;margin-bottom:16px}
.field{margin-bottom:16px}
.label{display:block;font-size:14px;font-weight:500;margin-bottom:6px}
.static{padding:10px 12px;border:1px solid #e4e4e7;border-radius:8px;background:#fafafa;color:#3f3f46;overflow-wrap:anywhere}
.input-wrap{position:relative}
.input{width:100%;height:46px;padding:0 44px 0 12px;border:1px solid #d4d4d8;border-radius:8px;background:#fff;color:#18181b;font:inherit;font-size:16px;letter-spacing:.04em;font-variant-numeric:tabular-nums}
.input:focus{outline:none;border-color:#6366f1;box-shadow:0 0 0 3px rgba(99,102,241,.25)}
.input[aria-invalid=true]{border-color:#dc2626}
.input[aria-invalid=true]:focus{box-shadow:0 0 0 3px rgba(220,38,38,.2)}
.input-icon{position:absolute;right:12px;top:12px;color:#a1a1aa;pointer-events:none}
.error{display:flex;gap:8px;align-items:flex-start;margin:8px 0 0;color:#b91c1c;font-size:14px;font-weight:500}
.error svg{flex:none;margin-top:1px}
.hint{margin:0 0 20px;padding:12px 14px;border-radius:8px;background:#eef2ff;color:#3730a3;font-size:13px}
.hint p{margin:0 0 6px;font-weight:600}
.hint dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:4px 12px;align-items:baseline}
.hint dd{margin:0}
.hint code{font:600 13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#1e1b4b;white-space:nowrap}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;width:100%;height:48px;padding:0 16px;border:0;border-radius:8px;background:#4f46e5;color:#fff;font:inherit;font-size:16px;font-weight:600;cursor:pointer;text-decoration:none}
.btn:hover{background:#4338ca}
.btn-quiet{background:transparent;color:#52525b;height:44px;font-size:15px;font-weight:500;margin-top:8px}
.btn-quiet:hover{background:#f4f4f5;color:#18181b}
.secure{display:flex;align-items:center;justify-content:center;gap:6px;margin:20px 0 0;color:#71717a;font-size:12px}
.panel.single{max-width:560px;margin:24px auto 0}
.seller{max-width:960px;margin:20px auto 0;color:#71717a;font-size:13px;text-align:center;overflow-wrap:anywhere}
.seller p{margin:2px 0}
.seller a{color:#52525b}
.notice{text-align:center;padding:40px 32px}
.notice h1{font-size:22px;margin:16px 0 8px}
.notice p{margin:0 0 24px;color:#52525b}
.notice form{margin:0}
.mark{width:56px;height:56px;margin:0 auto;border-radius:999px;display:grid;place-items:center;background:#f4f4f5;color:#52525b}
.mark.success{background:#dcfce7;color:#15803d}.mark.warning{background:#fef3c7;color:#b45309}
@media (max-width:480px){.wrap{padding:16px 12px 32px}.summary,.pay{padding:20px}.amount{font-size:30px}.hint code{font-size:12.5px}}
`;

/**
 * Who the shopper is paying: the store's address, contact and registration numbers, as a receipt or
 * a card statement query would need them. Empty when the store has given none.
 */
function sellerBlock(shopName: string | null, store: PublicStoreDetails | undefined): string {
  if (!shopName || !store) return '';
  const contact = [store.contact_email ? `<a href="mailto:${esc(store.contact_email)}">${esc(store.contact_email)}</a>` : '', store.contact_phone ? esc(store.contact_phone) : ''].filter(Boolean).join(' · ');
  const lines = [
    contact ? `<p>Questions about this order? Contact ${esc(shopName)}: ${contact}</p>` : '',
    store.address ? `<p>${esc(addressLines(store.address).join(', '))}</p>` : '',
    registrationLine(store) ? `<p>${esc(registrationLine(store))}</p>` : '',
  ].filter(Boolean);
  return lines.length ? `<footer class="seller" aria-label="About ${esc(shopName)}">${lines.join('')}</footer>` : '';
}

/** One hosted page: the shop's bar with a test badge, and the body. `extraStyle` adds a page's own CSS. */
export function layout(title: string, shopName: string | null, body: string, opts: { badge?: string; badgeTitle?: string; extraStyle?: string; store?: PublicStoreDetails } = {}): string {
  const initial = shopName ? esc(shopName.trim().charAt(0).toUpperCase() || '?') : '';
  const shop = shopName ? `<div class="shop"><span class="avatar" aria-hidden="true">${initial}</span><span class="shop-name">${esc(shopName)}</span></div>` : '<div class="shop">Test payment</div>';
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<meta name="robots" content="noindex, nofollow">
<title>${esc(title)}</title>
<style>${STYLE}${opts.extraStyle ?? ''}</style>
</head>
<body>
<header class="bar"><div class="bar-in">${shop}<span class="badge" title="${esc(opts.badgeTitle ?? 'No real card is charged')}">${esc(opts.badge ?? 'Test payment')}</span></div></header>
<main class="wrap">${body}${sellerBlock(shopName, opts.store)}</main>
</body>
</html>`;
}

export function renderPayPage(v: PayPageView): string {
  const action = `/pay/${encodeURIComponent(v.sessionId)}`;
  const subtotal = v.lines.reduce((s, l) => s + l.unit_amount * l.quantity, 0);
  const lines = v.lines
    .map(
      (l) => `<li class="line"><div><div class="line-name">${esc(l.name)}</div><div class="line-qty">Qty ${l.quantity}${l.quantity > 1 ? ` × ${money(l.unit_amount)}` : ''}</div></div><div class="num">${money(l.unit_amount * l.quantity)}</div></li>`,
    )
    .join('');
  const error = v.error ? `<p class="error" id="card-error" role="alert">${ICON.alert}<span>${esc(v.error)}</span></p>` : '';
  const email = v.customerEmail ? `<div class="field"><span class="label">Email</span><div class="static">${esc(v.customerEmail)}</div></div>` : '';
  const body = `<div class="panel">
<section class="summary" aria-labelledby="summary-title">
<h1 class="eyebrow" id="summary-title">Pay ${esc(v.shopName)}</h1>
<p class="amount">${money(v.total)}</p>
${v.orderNumber ? `<p class="order">Order ${esc(v.orderNumber)}</p>` : '<p class="order"></p>'}
<ul class="lines" aria-label="Items">${lines}</ul>
<dl class="totals">
<div class="row"><dt>Subtotal</dt><dd class="num">${money(subtotal)}</dd></div>
${v.deliveryName === null ? '' : `<div class="row"><dt>Delivery<span class="sub">${esc(v.deliveryName)}</span></dt><dd class="num">${v.deliveryAmount === 0 ? 'Free' : money(v.deliveryAmount)}</dd></div>`}
<div class="row grand"><dt>Total due</dt><dd class="num">${money(v.total)}</dd></div>
</dl>
</section>
<section class="pay" aria-labelledby="pay-title">
<h2 id="pay-title">Pay with card</h2>
<form method="post" action="${action}" novalidate>
${email}
<div class="field">
<label class="label" for="card_number">Card number</label>
<div class="input-wrap"><input class="input" id="card_number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="1234 1234 1234 1234" value="${esc(v.cardNumber ?? '')}" aria-describedby="card-hint${v.error ? ' card-error' : ''}"${v.error ? ' aria-invalid="true" autofocus' : ''} required><span class="input-icon">${ICON.card}</span></div>
${error}
</div>
<div class="hint" id="card-hint"><p>Test mode: use a test card</p><dl>
<dt><code>4242 4242 4242 4242</code></dt><dd>Payment succeeds</dd>
<dt><code>4000 0000 0000 0002</code></dt><dd>Card declined</dd>
</dl></div>
<button class="btn" type="submit">${ICON.lock}<span>Pay ${money(v.total)}</span></button>
</form>
<form method="post" action="${action}/cancel"><button class="btn btn-quiet" type="submit">${esc(v.cancelLabel ?? 'Cancel and return to cart')}</button></form>
<p class="secure">${ICON.lock}<span>Test payment page · no real card is charged</span></p>
</section>
</div>`;
  return layout(`Pay ${v.shopName} · Test payment`, v.shopName, body, { store: v.store });
}

export function renderNoticePage(n: NoticeView): string {
  const mark = n.tone === 'success' ? ICON.check : n.tone === 'warning' ? ICON.clock : ICON.alert.replace(/width="18" height="18"/, 'width="28" height="28"');
  let action = '';
  if (n.action && 'href' in n.action) action = `<a class="btn" href="${esc(n.action.href)}">${esc(n.action.label)}</a>`;
  else if (n.action) action = `<form method="post" action="${esc(n.action.formAction)}"><button class="btn" type="submit">${esc(n.action.label)}</button></form>`;
  const body = `<div class="panel single"><div class="notice">
<div class="mark ${n.tone}">${mark}</div>
<h1>${esc(n.title)}</h1>
<p>${esc(n.message)}</p>
${action}
</div></div>`;
  return layout(`${n.title} · Test payment`, n.shopName, body, { store: n.store });
}
