import { escapeHtml as esc } from '../../../../shared/html-escape';
import { UNSUBSCRIBE_TEXT } from '../../../../shared/checkout-recovery';

/**
 * The unsubscribe page of a checkout recovery email (decision 048), rendered on the server as one
 * self-contained document: no script (it works in any mail client's browser and adds nothing to the
 * storefront's bundles), inline styles (the app's CSP allows them), a plain form that posts back to the
 * same address. Every text from the database goes through esc().
 */
export type UnsubscribeView =
  | { kind: 'confirm'; shopName: string; token: string }
  | { kind: 'done'; shopName: string; email: string }
  | { kind: 'invalid'; shopName: string };

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#fafafa;color:#18181b;font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
header{background:#fff;border-bottom:1px solid #e4e4e7}
header a{display:block;max-width:40rem;margin:0 auto;padding:16px 20px;font-weight:600;font-size:18px;color:#18181b;text-decoration:none;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
main{max-width:28rem;margin:0 auto;padding:48px 20px;text-align:center}
h1{margin:12px 0 8px;font-size:24px;line-height:1.25;letter-spacing:-0.01em}
p{margin:0 0 16px;color:#52525b;overflow-wrap:anywhere}
.mark{display:inline-flex;width:48px;height:48px;align-items:center;justify-content:center;border-radius:9999px;background:#f4f4f5;color:#71717a}
.mark.done{background:#ecfdf5;color:#059669}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:40px;padding:8px 20px;border:0;border-radius:6px;background:#4f46e5;color:#fff;font:inherit;font-weight:500;cursor:pointer}
.btn:hover{background:#4338ca}
.back{display:inline-block;margin-top:24px;font-size:14px;font-weight:500;color:#52525b}
:focus-visible{outline:2px solid #6366f1;outline-offset:2px}
`;

const ICON = {
  mail: '<svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="2" y="4" width="20" height="16" rx="2"/><path d="m22 7-10 6L2 7"/></svg>',
  check: '<svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.25" stroke-linecap="round" stroke-linejoin="round"><path d="M20 6 9 17l-5-5"/></svg>',
};

/** The link's own address: where the form posts (and a mail client's one-click POST goes). */
export const unsubscribePath = (token: string) => `/email/unsubscribe?token=${encodeURIComponent(token)}`;

function body(view: UnsubscribeView): { title: string; html: string } {
  if (view.kind === 'done') {
    return {
      title: UNSUBSCRIBE_TEXT.done,
      html: `<div class="mark done">${ICON.check}</div><h1>${esc(UNSUBSCRIBE_TEXT.done)}</h1><p role="status">${esc(UNSUBSCRIBE_TEXT.doneBody(view.email, view.shopName))}</p>`,
    };
  }
  if (view.kind === 'invalid') {
    return { title: UNSUBSCRIBE_TEXT.title, html: `<div class="mark">${ICON.mail}</div><h1>${esc(UNSUBSCRIBE_TEXT.title)}</h1><p role="alert">${esc(UNSUBSCRIBE_TEXT.invalid)}</p>` };
  }
  return {
    title: UNSUBSCRIBE_TEXT.title,
    html: `<div class="mark">${ICON.mail}</div><h1>${esc(UNSUBSCRIBE_TEXT.title)}</h1><p>${esc(UNSUBSCRIBE_TEXT.intro(view.shopName))}</p>
<form method="post" action="${esc(unsubscribePath(view.token))}"><button class="btn" type="submit">${esc(UNSUBSCRIBE_TEXT.confirm)}</button></form>`,
  };
}

export function renderUnsubscribePage(view: UnsubscribeView): string {
  const { title, html } = body(view);
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<meta name="robots" content="noindex, nofollow">
<title>${esc(title)} | ${esc(view.shopName)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">${esc(view.shopName)}</a></header>
<main>${html}
<a class="back" href="/">${esc(UNSUBSCRIBE_TEXT.backToShop)}</a></main>
</body>
</html>`;
}
