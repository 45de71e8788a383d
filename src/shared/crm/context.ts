import { z } from 'zod';
import { CRM_KITS, crmProjectTypeSchema } from './settings';

/** GET /api/crm/context: which sales book the session works in (decision 027). */
export const crmContextResponse = z.object({
  /** 'platform': the provider's own book (no store); 'tenant': the store's own leads and quotes. */
  scope: z.enum(['platform', 'tenant']),
  tenant: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Client Access: platform sales and owners for every store, store owners and admins for their own. */
  can_manage_access: z.boolean(),
  /** The Bark sheet's preset CSV export URL (config CRM_BARK_SHEET_URL), editable in the dialog. */
  bark_sheet_url: z.string(),
  /**
   * 'agency': the spec's web-agency kit (Bark import, the Shopify stack tab, care plans, its project
   * types); 'store': the store's own CRM, with the project types it edits in Settings > CRM (decision 044).
   */
  kit: z.enum(CRM_KITS),
  /** The store's project types (empty in the platform book, which offers the spec's). */
  project_types: z.array(crmProjectTypeSchema),
});
export type CrmContext = z.infer<typeof crmContextResponse>;
