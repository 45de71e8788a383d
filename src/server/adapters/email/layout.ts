import { escapeHtml } from '../../../shared/html-escape';
import { addressLines, registrationLine, type PublicStoreDetails } from '../../../shared/store-details';

export interface EmailTable {
  head?: string[];
  rows: string[][];
  /** Lines under the rows, such as totals, shown in bold. */
  foot?: string[][];
}

export interface EmailLayout {
  shopName: string;
  heading: string;
  /** Plain text; a line break inside one is kept. */
  paragraphs: string[];
  table?: EmailTable;
  /** A call to action; the url must be http(s). */
  button?: { label: string; url: string };
  /**
   * A body already rendered (an email template's, whose values were escaped as it was filled in),
   * used instead of the paragraphs, table and button; `heading` is then only the page title.
   */
  body?: EmailBlock;
  /**
   * The store's public details (Settings > Store Info) for the footer: address, contact email and
   * phone, company and VAT numbers, so a customer knows who wrote and how to reach them.
   */
  store?: PublicStoreDetails;
}

/** The footer's lines after "Sent by {shop}": address, contact, registration; each only when given. */
function footerLines(store: PublicStoreDetails | undefined): { address: string; email: string | null; phone: string | null; registration: string } {
  return {
    address: store?.address ? addressLines(store.address).join(', ') : '',
    email: store?.contact_email ?? null,
    phone: store?.contact_phone ?? null,
    registration: store ? registrationLine(store) : '',
  };
}

/** One part of an email as HTML and as plain text. */
export interface EmailBlock {
  html: string;
  text: string;
}

/** The inline styles of a heading and a paragraph, shared with the default email templates. */
export const EMAIL_STYLES = {
  heading: 'margin:0 0 16px;font-size:22px;line-height:1.3;',
  paragraph: 'margin:0 0 16px;',
} as const;

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const ACCENT = '#111827';

/**
 * One look for every email the shops send (templates only choose the parts), as HTML with inline
 * styles and tables (what mail clients render) and as plain text. Every value is plain text and is
 * escaped here, so a product or customer name can never inject markup into a message.
 */
export function renderEmailLayout(parts: EmailLayout): { html: string; text: string } {
  if (parts.button && !parts.body) checkButtonUrl(parts.button.url);
  return { html: renderHtml(parts), text: renderText(parts) };
}

const esc = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br />');

function checkButtonUrl(url: string): void {
  if (!/^https?:\/\//i.test(url)) throw new Error(`Email button URL must be http(s): ${url}`);
}

/** A table in the emails' style (values escaped), and as lined-up plain text. */
export function renderEmailTable(table: EmailTable): EmailBlock {
  const cell = (value: string, i: number, tag: 'td' | 'th', bold = false) =>
    `<${tag} style="padding:8px 0;border-bottom:1px solid #e5e7eb;text-align:${i > 0 ? 'right' : 'left'};${bold || tag === 'th' ? 'font-weight:600;' : ''}">${esc(value)}</${tag}>`;
  const rows = (list: string[][], tag: 'td' | 'th', bold = false) => list.map((r) => `<tr>${r.map((v, i) => cell(v, i, tag, bold)).join('')}</tr>`).join('');
  return {
    html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:8px 0 24px;font-size:14px;">${table.head ? rows([table.head], 'th') : ''}${rows(table.rows, 'td')}${rows(table.foot ?? [], 'td', true)}</table>`,
    text: textTable(table),
  };
}

/** A call-to-action button in the emails' style; the url must be http(s). */
export function renderEmailButton(button: { label: string; url: string }): EmailBlock {
  checkButtonUrl(button.url);
  return {
    html: `<p style="margin:24px 0;"><a href="${escapeHtml(button.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${ACCENT};color:#ffffff;text-decoration:none;font-weight:600;">${esc(button.label)}</a></p>`,
    text: `${button.label}: ${button.url}`,
  };
}

function renderHtml({ shopName, heading, paragraphs, table, button, body: rendered, store }: EmailLayout): string {
  const body = rendered
    ? rendered.html
    : [
        `<h1 style="${EMAIL_STYLES.heading}">${esc(heading)}</h1>`,
        ...paragraphs.map((p) => `<p style="${EMAIL_STYLES.paragraph}">${esc(p)}</p>`),
        table ? renderEmailTable(table).html : '',
        button ? renderEmailButton(button).html : '',
      ].join('\n');
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${esc(heading)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;font-family:${FONT};color:#111827;font-size:16px;line-height:1.5;">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e5e7eb;font-size:18px;font-weight:600;">${esc(shopName)}</td></tr>
<tr><td style="padding:24px;">
${body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;color:#6b7280;font-size:13px;line-height:1.6;">${htmlFooter(shopName, store)}</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
}

function htmlFooter(shopName: string, store: PublicStoreDetails | undefined): string {
  const f = footerLines(store);
  // The address was checked as an email address when saved; escaped all the same, in the link too.
  const contact = [f.email ? `<a href="mailto:${escapeHtml(f.email)}" style="color:#6b7280;">${esc(f.email)}</a>` : '', f.phone ? esc(f.phone) : ''].filter(Boolean).join(' &middot; ');
  return [`Sent by ${esc(shopName)}`, f.address ? esc(f.address) : '', contact, f.registration ? esc(f.registration) : ''].filter(Boolean).join('<br />');
}

function renderText({ shopName, heading, paragraphs, table, button, body, store }: EmailLayout): string {
  const blocks = body ? [shopName, body.text.trim()] : [shopName, `${heading}\n${'='.repeat(Math.min(heading.length, 60))}`, ...paragraphs];
  if (table && !body) blocks.push(textTable(table));
  if (button && !body) blocks.push(`${button.label}: ${button.url}`);
  const f = footerLines(store);
  const contact = [f.email ? `Email: ${f.email}` : '', f.phone ? `Phone: ${f.phone}` : ''].filter(Boolean).join(' · ');
  blocks.push(['-- ', `Sent by ${shopName}`, f.address, contact, f.registration].filter(Boolean).join('\n'));
  return `${blocks.join('\n\n')}\n`;
}

/** Columns padded to line up in a monospace reader; the first column left, the others right. */
function textTable({ head, rows, foot = [] }: EmailTable): string {
  const all = [...(head ? [head] : []), ...rows, ...foot];
  const widths: number[] = [];
  for (const r of all) r.forEach((v, i) => (widths[i] = Math.max(widths[i] ?? 0, v.length)));
  const line = (r: string[]) => r.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ').trimEnd();
  const rule = '-'.repeat(widths.reduce((a, w) => a + w, 0) + 2 * (widths.length - 1));
  return [...(head ? [line(head), rule] : []), ...rows.map(line), ...(foot.length ? [rule, ...foot.map(line)] : [])].join('\n');
}
