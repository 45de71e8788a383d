import type { StoreCtx } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { fieldsFromIssues } from '../../http/errors';
import { isUuid } from '../../../shared/ids';
import { PUSH_TEXT } from '../../../shared/push';
import { pushTemplateBody, type PushTemplate, type PushTemplateValues } from '../../../shared/push-schemas';
import * as repo from './templates-repo';


export const TEMPLATE_NOT_FOUND = 'Template not found';
export const KEY_TAKEN = 'A template with this key already exists';
export const KEY_LOCKED = 'The key cannot be changed';

export function toTemplate(row: repo.TemplateRow): PushTemplate {
  return { id: row.id, key: row.key, title: row.title, body: row.body, icon: row.icon, url: row.url, is_active: row.isActive, tenant_id: row.tenantId };
}

/**
 * Checks a template body. A missing key, title or body answers the spec's own words (admin spec §5)
 * with each missing field named; any other problem answers its own message.
 */
export function parseTemplate(input: unknown): PushTemplateValues {
  const parsed = pushTemplateBody.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = fieldsFromIssues(parsed.error.issues);
  const missing = Object.values(fields).includes(PUSH_TEXT.templateRequired);
  throw badRequest(missing ? PUSH_TEXT.templateRequired : parsed.error.issues[0].message, fields);
}

/** The defaults and the store's own templates (Default / Custom by tenant_id). */
export async function list(ctx: StoreCtx) {
  return { templates: (await repo.listVisible(ctx)).map(toTemplate) };
}

export async function create(ctx: StoreCtx, input: unknown) {
  const values = parseTemplate(input);
  const row = await repo.insertOwn(ctx, values);
  if (!row) throw conflict('template_key_taken', KEY_TAKEN, { key: KEY_TAKEN });
  return { template: toTemplate(row) };
}

/**
 * Edits a template; its key is fixed. Editing a platform default saves the store's own copy under the
 * same key (the default itself is shared by every store and stays as it is).
 */
export async function update(ctx: StoreCtx, id: string, input: unknown) {
  const existing = isUuid(id) ? await repo.findVisible(ctx, id) : null;
  if (!existing) throw notFound(TEMPLATE_NOT_FOUND);
  const values = parseTemplate(input);
  if (values.key !== existing.key) throw badRequest(KEY_LOCKED, { key: KEY_LOCKED });
  if (existing.tenantId === ctx.tenantId) {
    const row = await repo.updateOwn(ctx, existing.id, values);
    if (!row) throw notFound(TEMPLATE_NOT_FOUND);
    return { template: toTemplate(row) };
  }
  const own = await repo.findOwnByKey(ctx, existing.key);
  const row = own ? await repo.updateOwn(ctx, own.id, values) : await repo.insertOwn(ctx, values);
  if (!row) throw conflict('template_key_taken', KEY_TAKEN, { key: KEY_TAKEN });
  return { template: toTemplate(row) };
}
