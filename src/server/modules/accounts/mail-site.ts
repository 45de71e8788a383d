import type { FastifyRequest } from 'fastify';
import type { Scope, Work } from '../../db/unit-of-work';
import { salesBookScope } from '../../db/privileged-scopes';
import type { EmailSender } from '../../adapters/email/email';
import { renderEmailLayout, type EmailLayout } from '../../adapters/email/layout';
import { sendPlatformTemplatedEmail, sendTemplatedEmail, type TemplatedEmail } from '../emails';
import type { PublicStoreDetails } from '../../../shared/store-details';
import { PLATFORM_NAME } from '../../../shared/platform';

/**
 * Where an account email is asked for (issue 26: password reset, email change): the store whose host
 * was used (its name and sending identity), or the platform (tenantId null). Links open on that host.
 */
export interface MailSite {
  tenantId: string | null;
  shopName: string;
  store?: PublicStoreDetails;
  /** scheme://host the person used. */
  origin: string;
  /** The Host header (with its port), lower case. */
  host: string;
}

/** The host the request names (with its port), as a link will be opened on it. */
export const requestHost = (req: FastifyRequest) => (req.headers.host ?? req.server.deps.config.platformHost).toLowerCase().slice(0, 253);

export function mailSiteOf(req: FastifyRequest): MailSite {
  const host = requestHost(req);
  const origin = `${req.protocol}://${host}`;
  if (req.tenant) return { tenantId: req.tenant.id, shopName: req.tenant.name, store: req.tenant.details, origin, host };
  return { tenantId: null, shopName: PLATFORM_NAME, origin, host };
}

/**
 * The scope account mail of this site is written in, acting for `userId`. A store's mail is the
 * store's; the platform's own mail is readable only in the platform-sales scope (which its delivery
 * uses too). That flag reaches only the platform's sales book, which no account code touches.
 */
export function mailScope(site: MailSite, userId: string | null): Scope {
  return salesBookScope(site.tenantId, userId);
}

/** A templated email (the store's own wording, or the platform's defaults), in work's transaction. */
export async function sendSiteTemplatedEmail(work: Work, mail: EmailSender, site: MailSite, message: Omit<TemplatedEmail, 'shopName' | 'store'>): Promise<void> {
  if (site.tenantId) await sendTemplatedEmail({ ...work, tenantId: site.tenantId, actor: null }, mail, { ...message, shopName: site.shopName, store: site.store });
  else await sendPlatformTemplatedEmail(work, mail, { ...message, shopName: site.shopName });
}

/** A fixed security notice in the emails' layout (not editable by the store), in work's transaction. */
export async function sendSiteNotice(work: Work, mail: EmailSender, site: MailSite, message: { to: string; subject: string; kind: string; layout: Omit<EmailLayout, 'shopName'> }): Promise<void> {
  const { html, text } = renderEmailLayout({ ...message.layout, shopName: site.shopName });
  await mail.send(work, { tenantId: site.tenantId, to: message.to, subject: `${site.shopName}: ${message.subject}`, html, text, kind: message.kind });
}
