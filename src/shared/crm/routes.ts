// The CRM's REST routes (issue 16, decision 027). The spec names only data-service tables for leads and
// quotes (admin spec §7 "CRM"); these are the routes standing for those table calls. Every /api/crm route
// acts in the caller's CRM scope: a store's own leads and quotes for its members (on the store's host or
// the store chosen on the platform host), or the platform's sales book for platform sales and owners.

export const CRM_API = {
  /** GET: {scope, tenant, can_manage_access, bark_sheet_url} — which sales book this session works in. */
  context: '/api/crm/context',
  /** GET all leads newest first; POST a new lead. */
  leads: '/api/crm/leads',
  /** PUT: the detail dialog's save. */
  lead: (id: string) => `/api/crm/leads/${id}`,
  /** PATCH: a pipeline drop. */
  leadStatus: (id: string) => `/api/crm/leads/${id}/status`,
  /** GET text/event-stream: "leads" events whenever this scope's leads change, from any instance. */
  leadEvents: '/api/crm/leads/events',
  /** POST {sheets_url}, optional header x-tenant-id (spec §7). */
  barkImport: '/api/functions/v1/bark-sheets-import',
  /** GET (with revenue) newest first; POST a new quote. */
  quotes: '/api/crm/quotes',
  /** GET, PUT, DELETE one quote. */
  quote: (id: string) => `/api/crm/quotes/${id}`,
  /** Public, no sign-in: the proposal page's data and its deposit payment. */
  publicQuote: (uniqueUrl: string) => `/api/public/quotes/${encodeURIComponent(uniqueUrl)}`,
  publicQuoteDeposit: (uniqueUrl: string) => `/api/public/quotes/${encodeURIComponent(uniqueUrl)}/deposit`,
  /** Client Access (spec §7). */
  tenants: '/api/tenants',
  invitations: '/api/admin/invitations',
  /** POST {tenantId, inviteId, decision}: approve or decline a platform sales request (decision 030). */
  invitationApproval: '/api/admin/invitations/approval',
  invitationPreview: (token: string) => `/api/invitations/${encodeURIComponent(token)}`,
  acceptInvitation: '/api/invitations/accept',
} as const;

/** Settings > CRM (decision 044): GET and PUT the store's CRM settings. */
export const CRM_SETTINGS_API = '/api/admin/settings/crm';

/** The public proposal page (storefront spec §2) and the invitation page, on store and platform hosts. */
export const quotePagePath = (uniqueUrl: string) => `/quote/${uniqueUrl}`;
export const invitationPagePath = (token: string) => `/invite/${token}`;

/** SSE event name for a leads change in the subscriber's scope (payload empty: clients reload). */
export const LEADS_CHANGED_EVENT = 'leads';
