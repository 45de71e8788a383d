import type { TenantCtx } from '../../../http/context';
import { AppError, badRequest, forbidden, notFound } from '../../../http/errors';
import { EMAIL_SETTINGS_TEXT, type EmailTemplate, type EmailTemplateInput } from '../../../../shared/email-settings';
import { missingRequiredVariable, templateProblem } from '../../../../shared/email-template-syntax';
import { isUniqueViolation } from '../../../db/unique-violation';
import * as repo from './repo';

const NOT_FOUND = 'Email template not found';

export function toApi(row: repo.EmailTemplateRow): EmailTemplate {
  return {
    id: row.id,
    key: row.key,
    subject: row.subject,
    html: row.html,
    text: row.text,
    is_active: row.isActive,
    tenant_id: row.tenantId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listTemplates(ctx: TenantCtx): Promise<EmailTemplate[]> {
  return (await repo.listTemplates(ctx)).map(toApi);
}

/** Every {{variable}} must be one the key offers, and sections must close: checked field by field. */
export function assertVariables(input: EmailTemplateInput): void {
  const fields: Record<string, string> = {};
  for (const field of ['subject', 'html', 'text'] as const) {
    const source = input[field];
    const problem = source ? templateProblem(source, input.key) : null;
    if (problem) fields[field] = problem;
  }
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}

/** What the key's email must keep (the recovery email's unsubscribe link), in the HTML and in a text part of its own. */
function assertRequiredVariables(input: EmailTemplateInput): void {
  const fields: Record<string, string> = {};
  for (const field of ['html', 'text'] as const) {
    const source = input[field];
    const missing = source ? missingRequiredVariable(source, input.key) : null;
    if (missing) fields[field] = missing;
  }
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}

const keyTaken = () => new AppError(409, 'template_taken', EMAIL_SETTINGS_TEXT.keyTaken, { key: EMAIL_SETTINGS_TEXT.keyTaken });

/** A custom template of the store; one with a default's key replaces that default for the store. */
export async function createTemplate(ctx: TenantCtx, input: EmailTemplateInput): Promise<EmailTemplate> {
  assertVariables(input);
  assertRequiredVariables(input);
  try {
    return toApi(await repo.insertCustom(ctx, input));
  } catch (err) {
    if (isUniqueViolation(err)) throw keyTaken();
    throw err;
  }
}

/**
 * PUT ?id=: changes one of the store's custom templates. The key is locked (spec §4): sending another
 * is refused rather than ignored. A default is visible but not the store's to change: 403 says how
 * to replace it; another store's template is the same 404 as a missing one.
 */
export async function updateTemplate(ctx: TenantCtx, id: string, input: EmailTemplateInput): Promise<EmailTemplate> {
  const current = await repo.findVisible(ctx, id);
  if (!current) throw notFound(NOT_FOUND);
  if (current.tenantId === null) throw forbidden(EMAIL_SETTINGS_TEXT.defaultReadOnly);
  if (input.key !== current.key) throw badRequest(EMAIL_SETTINGS_TEXT.keyLocked, { key: EMAIL_SETTINGS_TEXT.keyLocked });
  assertVariables(input);
  assertRequiredVariables(input);
  const row = await repo.updateCustom(ctx, id, input);
  if (!row) throw notFound(NOT_FOUND);
  return toApi(row);
}
