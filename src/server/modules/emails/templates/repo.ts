import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { StoreCtx } from '../../../http/context';
import type { Db, Tx } from '../../../db/connection';
import { emailTemplates } from '../../../db/schema';
import type { EmailTemplateInput } from '../../../../shared/email-settings';
import type { TemplateContent } from './defaults';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

/** The store's custom templates and every default, by key, the custom one of a key first. */
export async function listTemplates(ctx: StoreCtx): Promise<EmailTemplateRow[]> {
  return ctx.tx
    .select()
    .from(emailTemplates)
    .where(or(eq(emailTemplates.tenantId, ctx.tenantId), isNull(emailTemplates.tenantId)))
    .orderBy(asc(emailTemplates.key), sql`${emailTemplates.tenantId} is null`, asc(emailTemplates.id));
}

/** A template this store can see: its own, or a default. */
export async function findVisible(ctx: StoreCtx, id: string): Promise<EmailTemplateRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, id), or(eq(emailTemplates.tenantId, ctx.tenantId), isNull(emailTemplates.tenantId))));
  return row ?? null;
}

export async function insertCustom(ctx: StoreCtx, input: EmailTemplateInput): Promise<EmailTemplateRow> {
  const [row] = await ctx.tx
    .insert(emailTemplates)
    .values({ tenantId: ctx.tenantId, key: input.key, subject: input.subject, html: input.html, text: input.text, isActive: input.is_active })
    .returning();
  return row;
}

/** Changes a custom template of this store (never its key); null when there is none with this id. */
export async function updateCustom(ctx: StoreCtx, id: string, input: Omit<EmailTemplateInput, 'key'>): Promise<EmailTemplateRow | null> {
  const [row] = await ctx.tx
    .update(emailTemplates)
    .set({ subject: input.subject, html: input.html, text: input.text, isActive: input.is_active, updatedAt: new Date() })
    .where(and(eq(emailTemplates.tenantId, ctx.tenantId), eq(emailTemplates.id, id)))
    .returning();
  return row ?? null;
}

/** What a store sends for a key: its active custom template, else the default; custom first. */
export async function templatesForKey(ctx: StoreCtx, key: string): Promise<EmailTemplateRow[]> {
  return ctx.tx
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.key, key), or(and(eq(emailTemplates.tenantId, ctx.tenantId), eq(emailTemplates.isActive, true)), isNull(emailTemplates.tenantId))))
    .orderBy(sql`${emailTemplates.tenantId} is null`);
}

/**
 * Writes the defaults as the code has them (boot, as the table owner: stores cannot write them).
 * A default whose wording changed in a release is brought up to date; nothing else is touched.
 */
export async function upsertDefaults(db: Db | Tx, defaults: Record<string, TemplateContent>): Promise<void> {
  for (const [key, t] of Object.entries(defaults)) {
    await db.execute(sql`
      insert into email_templates (tenant_id, key, subject, html, text, is_active)
      values (null, ${key}, ${t.subject}, ${t.html}, ${t.text}, true)
      on conflict (key) where tenant_id is null do update
        set subject = excluded.subject, html = excluded.html, text = excluded.text, is_active = true, updated_at = now()
        where (email_templates.subject, email_templates.html, email_templates.text, email_templates.is_active)
          is distinct from (excluded.subject, excluded.html, excluded.text, true)`);
  }
}
