import { z } from 'zod';

/** GET /api/crm/context: which sales book the session works in (decision 027). */
export const crmContextResponse = z.object({
  /** 'platform': the provider's own book (no store); 'tenant': the store's own leads and quotes. */
  scope: z.enum(['platform', 'tenant']),
  tenant: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Client Access: platform sales and owners for every store, store owners and admins for their own. */
  can_manage_access: z.boolean(),
  /** The Bark sheet's preset CSV export URL (config CRM_BARK_SHEET_URL), editable in the dialog. */
  bark_sheet_url: z.string(),
});
export type CrmContext = z.infer<typeof crmContextResponse>;
