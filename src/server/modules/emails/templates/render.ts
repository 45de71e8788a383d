import { escapeHtml } from '../../../../shared/html-escape';
import { parseTemplate, unwrapBlockVariables, type TemplateNode } from '../../../../shared/email-template-syntax';
import type { TemplateVariableName } from '../../../../shared/email-settings';
import { renderEmailLayout, type EmailBlock } from '../../../adapters/email/layout';
import type { PublicStoreDetails } from '../../../../shared/store-details';
import type { TemplateContent } from './defaults';

/** A text value, a flag (sections), or a block built by the server (already safe HTML, and text). */
export type TemplateValue = string | number | boolean | EmailBlock | null | undefined;
export type TemplateValues = Partial<Record<TemplateVariableName, TemplateValue>>;

/**
 * Fills a template in. In the HTML part a text value is HTML-escaped (and its line breaks become
 * <br />), so a customer or product name can never add markup; a block goes in as the server built
 * it. In the text part values go in as they are. A missing value is empty. Throws
 * TemplateSyntaxError for a template that does not parse.
 */
export function renderTemplate(source: string, values: TemplateValues, mode: 'html' | 'text'): string {
  return renderNodes(parseTemplate(source), values, mode);
}

function renderNodes(nodes: TemplateNode[], values: TemplateValues, mode: 'html' | 'text'): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'literal') out += node.value;
    else if (node.type === 'variable') out += valueText(values[node.name as TemplateVariableName], mode);
    else if (isSet(values[node.name as TemplateVariableName]) !== node.inverted) out += renderNodes(node.children, values, mode);
  }
  return out;
}

function isSet(value: TemplateValue): boolean {
  if (typeof value === 'boolean') return value;
  return value !== null && value !== undefined && value !== '';
}

function valueText(value: TemplateValue, mode: 'html' | 'text'): string {
  if (value === null || value === undefined || typeof value === 'boolean') return '';
  if (typeof value === 'object') return mode === 'html' ? value.html : value.text;
  const text = String(value);
  return mode === 'html' ? escapeHtml(text).replace(/\r?\n/g, '<br />') : text;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** A template whose HTML is a whole document is sent as it is, not inside the store's layout. */
const WHOLE_DOCUMENT = /^\s*(<!doctype|<html[\s>])/i;

/**
 * A whole email from a template: the subject on one line, the HTML body inside the store's layout
 * (header with the store name, footer), and the plain-text part, from the template's own text or,
 * when it has none, from its HTML.
 */
export function renderEmail(template: TemplateContent, shopName: string, values: TemplateValues, store?: PublicStoreDetails): RenderedEmail {
  const all: TemplateValues = { ...values, shop_name: shopName };
  const subject = renderTemplate(template.subject, all, 'text').replace(/\s+/g, ' ').trim();
  const html = renderTemplate(unwrapBlockVariables(template.html), all, 'html');
  const text = template.text ? renderTemplate(template.text, all, 'text') : htmlToText(html);
  if (WHOLE_DOCUMENT.test(html)) return { subject, html, text: `${text.trim()}\n` };
  return { subject, ...renderEmailLayout({ shopName, store, heading: subject, paragraphs: [], body: { html, text } }) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Readable plain text from email HTML: blocks on their own lines, links with their address. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(head|style|script)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => `${label}: ${href}`)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(td|th)>/gi, '  ')
    .replace(/<\/(p|h[1-6]|tr|li|div|table|blockquote)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/&#(\d{1,7});/g, (_, n: string) => (Number(n) <= 0x10ffff ? String.fromCodePoint(Number(n)) : ''))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
