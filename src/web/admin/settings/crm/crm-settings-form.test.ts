import { describe, expect, it } from 'vitest';
import { DEFAULT_CRM_SETTINGS, NEUTRAL_PROJECT_TYPES } from '@shared/crm/settings';
import { checkCrmSettings, draftOf, newTypeDraft } from './crm-settings-form';

// Settings > CRM's working copy (decision 044): what the form sends is what the route's schema accepts.

describe('the CRM settings form', () => {
  it('sends the saved settings back as they were', () => {
    const checked = checkCrmSettings(draftOf(DEFAULT_CRM_SETTINGS));
    expect(checked).toEqual({ ok: true, body: { ...DEFAULT_CRM_SETTINGS, project_types: NEUTRAL_PROJECT_TYPES } });
  });

  it('reads a typed price and one included item per line, blank lines dropped', () => {
    const draft = draftOf(DEFAULT_CRM_SETTINGS);
    draft.project_types[0] = { ...draft.project_types[0], base_price: '£1,250.5', included: 'Tasting\n\n  Delivery  \n' };
    const checked = checkCrmSettings(draft);
    expect(checked.ok && checked.body.project_types[0]).toMatchObject({ base_price: 1250.5, included: ['Tasting', 'Delivery'] });
  });

  it('keys errors by the field they belong to: a missing name, a price that is not one', () => {
    const draft = draftOf(DEFAULT_CRM_SETTINGS);
    draft.project_types.push({ ...newTypeDraft(), name: '', quote_title: 'T' });
    draft.project_types[1] = { ...draft.project_types[1], base_price: 'ten pounds' };
    const checked = checkCrmSettings(draft);
    expect(checked).toEqual({
      ok: false,
      fields: { 'project_types.2.name': 'Enter a name for the project type', 'project_types.1.base_price': 'Enter a price in pounds, such as 250 or 99.50' },
    });
  });

  it('refuses a name used twice, whatever its case', () => {
    const draft = draftOf(DEFAULT_CRM_SETTINGS);
    draft.project_types.push({ ...newTypeDraft(), name: 'custom ORDER', quote_title: 'T' });
    expect(checkCrmSettings(draft)).toEqual({ ok: false, fields: { 'project_types.2.name': 'Two project types have this name' } });
  });

  it('refuses an empty list', () => {
    const checked = checkCrmSettings({ ...draftOf(DEFAULT_CRM_SETTINGS), project_types: [] });
    expect(checked).toEqual({ ok: false, fields: { project_types: 'Keep at least one project type' } });
  });
});
