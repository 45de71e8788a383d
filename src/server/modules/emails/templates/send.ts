import type { StoreCtx } from '../../../http/context';
import type { EmailSender, MailWork, SentEmail } from '../../../adapters/email/email';
import { TemplateSyntaxError } from '../../../../shared/email-template-syntax';
import { DEFAULT_TEMPLATES } from './defaults';
import { renderEmail, type RenderedEmail, type TemplateValues } from './render';
import * as repo from './repo';
import type { PublicStoreDetails } from '../../../../shared/store-details';

export interface TemplatedEmail {
  /** The template key: order_confirmation, order_shipped, … or a store's own key. */
  key: string;
  to: string;
  shopName: string;
  /** The store's public details for the footer (Settings > Store Info). */
  store?: PublicStoreDetails;
  values: TemplateValues;
  /** What the outbox calls it; the key when left out. */
  kind?: string;
  orderId?: string | null;
  /** Kept with the message, so the outbox names the order without reading the orders table. */
  orderNumber?: string | null;
  subjectPrefix?: string;
  /** Mail a shopper can stop: its one-click unsubscribe address (List-Unsubscribe). */
  unsubscribeUrl?: string;
}

/**
 * Renders what the store sends for a key: its active custom template, else the default. A custom
 * template that no longer renders (saved under older rules) must not fail the business change it
 * reports, a payment above all: the default is used instead.
 */
export async function renderForKey(ctx: StoreCtx, key: string, shopName: string, values: TemplateValues, store?: PublicStoreDetails): Promise<RenderedEmail | null> {
  const candidates = await repo.templatesForKey(ctx, key);
  for (const template of candidates) {
    try {
      return renderEmail(template, shopName, values, store);
    } catch (err) {
      if (!(err instanceof TemplateSyntaxError)) throw err;
    }
  }
  // The defaults are written at boot; a database that missed that still sends the wording in code.
  const builtIn = (DEFAULT_TEMPLATES as Record<string, (typeof DEFAULT_TEMPLATES)[keyof typeof DEFAULT_TEMPLATES]>)[key];
  return builtIn ? renderEmail(builtIn, shopName, values, store) : null;
}

/**
 * The platform's own mail (no store: the platform host, issue 26's password reset there): the default
 * wording of the key under the platform's name, recorded in work's transaction with no tenant.
 */
export async function sendPlatformTemplatedEmail(work: MailWork, email: EmailSender, message: Omit<TemplatedEmail, 'store' | 'orderId' | 'orderNumber'>): Promise<SentEmail> {
  const builtIn = (DEFAULT_TEMPLATES as Record<string, (typeof DEFAULT_TEMPLATES)[keyof typeof DEFAULT_TEMPLATES]>)[message.key];
  if (!builtIn) throw new Error(`No default email template with the key ${message.key}`);
  const rendered = renderEmail(builtIn, message.shopName, message.values);
  return email.send(work, { tenantId: null, to: message.to, subject: `${message.subjectPrefix ?? ''}${rendered.subject}`, html: rendered.html, text: rendered.text, kind: message.kind ?? message.key });
}

/** Renders the key's template and records the message through the email adapter, in ctx's transaction. */
export async function sendTemplatedEmail(ctx: StoreCtx, email: EmailSender, message: TemplatedEmail): Promise<SentEmail> {
  const rendered = await renderForKey(ctx, message.key, message.shopName, message.values, message.store);
  if (!rendered) throw new Error(`No email template with the key ${message.key}`);
  return email.send(ctx, {
    tenantId: ctx.tenantId,
    to: message.to,
    subject: `${message.subjectPrefix ?? ''}${rendered.subject}`,
    html: rendered.html,
    text: rendered.text,
    kind: message.kind ?? message.key,
    orderId: message.orderId ?? null,
    orderNumber: message.orderNumber ?? null,
    unsubscribeUrl: message.unsubscribeUrl ?? null,
  });
}
