import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asMemberWith } from '../../http/guards';
import { notFound } from '../../http/errors';
import { isUuid } from '../../../shared/ids';
import { parsePage } from '../../../shared/catalog';
import { ACCOUNT_LINK_KINDS, EMAIL_PAGE_SIZE, HIDDEN_LINK_TEXT, emailDetailResponse, emailPageResponse, type EmailDetail, type EmailPage } from '../../../shared/emails';
import * as repo from './repo';
import { uuidParams } from '../../http/params';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const listQuery = z.strictObject({
  page: z.string().max(12).optional(),
  search: z.string().max(200).optional(),
  order_id: z.uuid().optional(),
});

/** Every web address in the message, as a link's target and as text, replaced (ACCOUNT_LINK_KINDS). */
function hideLinks(row: { html: string; text: string }): { html: string; text: string } {
  const url = /https?:\/\/[^\s"'<>]+/gi;
  return {
    html: row.html.replace(/\bhref\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, 'href="#"').replace(url, HIDDEN_LINK_TEXT),
    text: row.text.replace(url, HIDDEN_LINK_TEXT),
  };
}

/**
 * Admin: the mail the store has sent (or, with the built-in outbox, kept). Store managers only: it
 * holds customers' addresses and their one-time links. Another store's message is the same 404.
 */
export const adminEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/emails', { schema: { querystring: listQuery, response: { 200: emailPageResponse } } }, async (req): Promise<EmailPage> =>
    asMemberWith(req, 'settings', async (ctx) => {
      const page = parsePage(req.query.page);
      const search = req.query.search?.trim() || null;
      const { rows, total } = await repo.listEmails(ctx, { search, orderId: req.query.order_id ?? null, limit: EMAIL_PAGE_SIZE, offset: (page - 1) * EMAIL_PAGE_SIZE });
      return {
        emails: rows.map((r) => ({ ...r, created_at: iso(r.created_at)!, sent_at: iso(r.sent_at) })),
        pagination: { page, limit: EMAIL_PAGE_SIZE, total, pages: Math.max(1, Math.ceil(total / EMAIL_PAGE_SIZE)) },
      };
    }),
  );

  app.get('/api/admin/emails/:id', { schema: { params: uuidParams('id', 'Email not found'), response: { 200: emailDetailResponse } } }, async (req): Promise<{ email: EmailDetail }> =>
    asMemberWith(req, 'settings', async (ctx) => {
      const row = isUuid(req.params.id) ? await repo.findEmail(ctx, req.params.id) : null;
      if (!row) throw notFound('Email not found');
      const body = ACCOUNT_LINK_KINDS.has(row.kind) && !ctx.actor.isOwner ? hideLinks(row) : row;
      return { email: { ...row, ...body, created_at: iso(row.created_at)!, sent_at: iso(row.sent_at) } };
    }),
  );
};
