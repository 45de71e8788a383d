import { saveCrmSettingsBody, type CrmProjectType, type CrmSettings, type SaveCrmSettingsBody } from '@shared/crm/settings';

// Settings > CRM's working copy (decision 044): text as typed (prices, the included lines), turned into
// the route's body and checked with the route's own schema before sending. Pure, so it is testable.

export interface TypeDraft {
  id: string;
  name: string;
  quote_title: string;
  quote_intro: string;
  base_price: string;
  /** One line of "what is included" per line. */
  included: string;
}

export interface CrmSettingsDraft {
  enabled: boolean;
  kit: CrmSettings['kit'];
  deposit_lead_status: CrmSettings['deposit_lead_status'];
  project_types: TypeDraft[];
}

export const typeDraftOf = (type: CrmProjectType): TypeDraft => ({
  id: type.id,
  name: type.name,
  quote_title: type.quote_title,
  quote_intro: type.quote_intro,
  base_price: String(type.base_price),
  included: type.included.join('\n'),
});

export const draftOf = (settings: CrmSettings): CrmSettingsDraft => ({
  enabled: settings.enabled,
  kit: settings.kit,
  deposit_lead_status: settings.deposit_lead_status,
  project_types: settings.project_types.map(typeDraftOf),
});

export const newTypeDraft = (): TypeDraft => ({
  id: `type-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  name: '',
  quote_title: '',
  quote_intro: '',
  base_price: '0',
  included: '',
});

/** A typed price: "£1,250.50" and "1250.5" are the same; anything else stays as typed, for the schema to refuse. */
function priceOf(text: string): number | string {
  const cleaned = text.replace(/[£,\s]/g, '');
  if (cleaned === '') return 0;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : text;
}

export type CheckedSettings = { ok: true; body: SaveCrmSettingsBody } | { ok: false; fields: Record<string, string> };

export function checkCrmSettings(draft: CrmSettingsDraft): CheckedSettings {
  const body = {
    enabled: draft.enabled,
    kit: draft.kit,
    deposit_lead_status: draft.deposit_lead_status,
    project_types: draft.project_types.map((t) => ({
      id: t.id,
      name: t.name,
      quote_title: t.quote_title,
      quote_intro: t.quote_intro,
      base_price: priceOf(t.base_price),
      included: t.included.split('\n').map((line) => line.trim()).filter(Boolean),
    })),
  };
  const parsed = saveCrmSettingsBody.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    // "project_types.0.included.3" is the included box of type 0.
    const path = issue.path.slice(0, 3).join('.');
    fields[path] ??= issue.path[0] === 'project_types' && issue.path[2] === 'base_price' && typeof priceOf(draft.project_types[Number(issue.path[1])]?.base_price ?? '') === 'string' ? 'Enter a price in pounds, such as 250 or 99.50' : issue.message;
  }
  return { ok: false, fields };
}
