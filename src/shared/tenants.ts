import { z } from 'zod';
import { MEMBER_ROLES, PERMISSIONS } from './roles';
import { publicStoreDetailsSchema } from './store-settings';
import { storePromisesSchema } from './store-policies';

export const tenantSchema = z.object({ id: z.string(), name: z.string(), slug: z.string(), domain: z.string().nullable() });
export type Tenant = z.infer<typeof tenantSchema>;

/**
 * GET /api/tenant/current: the store this host belongs to, or null on the platform host, with the
 * details its shoppers see (footer contact, address; store-details.ts says what is public) and what it
 * promises them about delivery and returns (store-promises.ts).
 */
export const currentTenantResponse = z.object({
  tenant: tenantSchema
    .extend({
      details: publicStoreDetailsSchema,
      promises: storePromisesSchema,
      /** Open to shoppers (issue 25). */
      launched: z.boolean(),
      /** This visitor gets the "Opening soon" screen (not launched, and not staff or a preview-password holder). */
      opening_soon: z.boolean(),
      /** The screen offers a password box: the store has a preview password. */
      preview_password: z.boolean(),
    })
    .nullable(),
  platform: z.object({ name: z.string() }),
});
export type CurrentTenantResponse = z.infer<typeof currentTenantResponse>;
/** The store a storefront page belongs to. */
export type StoreTenant = NonNullable<CurrentTenantResponse['tenant']>;

/** GET /api/tenants/domains (owner only). */
export const tenantDomainSchema = z.object({ id: z.string(), name: z.string(), domain: z.string(), url: z.string() });
export type TenantDomain = z.infer<typeof tenantDomainSchema>;

/** GET /api/tenants (owner only). */
export const tenantListItem = tenantSchema.extend({ created_at: z.string(), member_count: z.number(), suspended_at: z.string().nullable(), launched_at: z.string().nullable() });
export type TenantListItem = z.infer<typeof tenantListItem>;

/** Answers of the owner's tenant routes: GET /api/tenants, POST /api/tenants (201), GET /api/tenants/domains. */
export const tenantListResponse = z.object({ tenants: z.array(tenantListItem) });
export const tenantResponse = z.object({ tenant: tenantSchema });
export const tenantDomainListResponse = z.object({ domains: z.array(tenantDomainSchema) });

/** A host name as typed by a person: lower case, letters, digits, dots and dashes, optional port dropped. */
export const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const domainField = z
  .string({ error: 'Domain is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Domain is required')
  .max(253, 'Domain is too long')
  .regex(DOMAIN_PATTERN, 'Enter a host name such as shop.example.co.uk');

export const createTenantBody = z.strictObject({
  name: z.string({ error: 'Store name is required' }).trim().min(1, 'Store name is required').max(120, 'Store name must be 120 characters or fewer'),
  slug: z.string().trim().toLowerCase().max(60, 'Slug must be 60 characters or fewer').regex(SLUG_PATTERN, 'Use lowercase letters, digits and hyphens').optional(),
  domain: domainField,
  admin_email: z.email('Invalid email').trim().toLowerCase().max(254).optional(),
});
export type CreateTenantBody = z.infer<typeof createTenantBody>;

/** The owner console's domain list of one store: GET/POST /api/tenants/{id}/domains. */
export const storeDomainSchema = z.object({ id: z.string(), domain: z.string(), is_primary: z.boolean(), created_at: z.string() });
export type StoreDomain = z.infer<typeof storeDomainSchema>;
export const storeDomainsResponse = z.object({ domains: z.array(storeDomainSchema) });
export type StoreDomainsResponse = z.infer<typeof storeDomainsResponse>;
export const addDomainBody = z.strictObject({ domain: domainField });
export type AddDomainBody = z.infer<typeof addDomainBody>;

/** POST /api/tenants/{id}/suspend and /reactivate. */
export const SUSPEND_REASON_MAX = 500;
/** POST /api/tenants/:id/suspend: the reason, shown to the store's team (issue 27). */
export const suspendBody = z.strictObject({
  reason: z
    .string({ error: 'Say why the store is suspended' })
    .trim()
    .min(1, 'Say why the store is suspended')
    .max(SUSPEND_REASON_MAX, `Keep the reason to ${SUSPEND_REASON_MAX} characters`),
});
export type SuspendBody = z.infer<typeof suspendBody>;

export const tenantStatusResponse = z.object({ tenant: z.object({ id: z.string(), suspended_at: z.string().nullable() }) });
export type TenantStatusResponse = z.infer<typeof tenantStatusResponse>;

/** The words a suspended store's host shows shoppers (with HTTP 503). */
export const STORE_CLOSED_TEXT = {
  title: 'This store is closed',
  body: 'It is not taking orders at the moment. Please come back later.',
  adminOnly: 'This store is suspended: until the platform reactivates it, its team can only see, fulfil and refund orders.',
} as const;

/** GET /api/admin/context: what the admin guard needs to pick a screen. */
export const adminContextResponse = z.object({
  tenant: tenantSchema.nullable(),
  /** The store is suspended by the platform: its team may only see, fulfil and refund orders (issue 27). */
  suspended: z.boolean(),
  /** Why, in the platform's words, and where to write: shown to the store's team while suspended. */
  suspension: z.object({ reason: z.string().nullable(), contact_email: z.string() }).nullable(),
  role: z.enum(MEMBER_ROLES).nullable(),
  /** What this person may do in the store (issue 27): every permission for owners, admins and platform owners. */
  permissions: z.array(z.enum(PERMISSIONS)),
  isOwner: z.boolean(),
  /** The store requires two-step sign-in and this member has not set it up: the set-up screen comes first (issue 26). */
  two_step_setup_required: z.boolean(),
  /** The store's own CRM is on (Settings > CRM, decision 044): off, the sidebar has no CRM. */
  crm_enabled: z.boolean(),
});
export type AdminContextResponse = z.infer<typeof adminContextResponse>;

export { PLATFORM_NAME } from './platform';

/**
 * GET /internal/tls/allow?domain= (decision 057): Caddy's on-demand TLS `ask`, before it gets a
 * certificate for a host. 200 for the platform host or a domain of a store that is not suspended, else
 * 404. `token` is TLS_ASK_TOKEN when the caller is not Caddy on this machine.
 */
export const tlsAllowQuery = z.strictObject({
  domain: z
    .string({ error: 'domain is required' })
    .max(253, 'domain is too long')
    .toLowerCase()
    .regex(DOMAIN_PATTERN, 'domain must be a host name such as shop.example.co.uk'),
  token: z.string().max(200, 'token is too long').optional(),
});
export const tlsAllowResponse = z.object({ domain: z.string(), allowed: z.literal(true) });
