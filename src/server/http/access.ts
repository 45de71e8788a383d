import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminTenantId, inTenant, type Need } from './guards';

/**
 * Who may call each store-admin route (issue 27 item 1): one table, read before the request's input is
 * even validated. Staff members get permissions (shared/roles.ts); `manage` stays with owners and admins
 * (payments, the team, the launch, VAT figures, customers' data). Each handler's own guard checks again
 * inside its transaction; this table is what the permission matrix test walks, route by route.
 */
export const ADMIN_ACCESS: Record<string, Need> = {
  // Orders
  'GET /api/admin/orders': 'orders.view',
  'GET /api/admin/orders/:id': 'orders.view',
  'GET /api/admin/orders/:id/invoice.pdf': 'orders.view',
  'GET /api/admin/dashboard/kpis': 'orders.view',
  'POST /api/admin/orders/:id/status': 'orders.fulfil',
  'POST /api/admin/orders/:id/notes': 'orders.fulfil',
  'POST /api/admin/orders/:id/resend-confirmation': 'orders.fulfil',
  'POST /api/admin/orders/:id/refunds': 'orders.refund',
  // Discount codes (issue 28): read by whoever sees orders, written by owners and admins
  'GET /api/admin/discounts': 'orders.view',
  'GET /api/admin/discounts/:id': 'orders.view',
  'POST /api/admin/discounts': 'manage',
  'PUT /api/admin/discounts/:id': 'manage',
  'PUT /api/admin/discounts/:id/active': 'manage',
  'DELETE /api/admin/discounts/:id': 'manage',
  // Products and stock
  'GET /api/admin/categories': 'products',
  'POST /api/admin/categories': 'products',
  'PUT /api/admin/categories/:id': 'products',
  'DELETE /api/admin/categories/:id': 'products',
  'GET /api/admin/products': 'products',
  'POST /api/admin/products': 'products',
  'GET /api/admin/products/:id': 'products',
  'PUT /api/admin/products/:id': 'products',
  'DELETE /api/admin/products/:id': 'products',
  'PUT /api/admin/products/:id/feature': 'products',
  'GET /api/admin/products/:id/images': 'products',
  'POST /api/admin/products/:id/images': 'products',
  'PUT /api/admin/products/:id/images/order': 'products',
  'PATCH /api/admin/products/:id/images/:imageId': 'products',
  'DELETE /api/admin/products/:id/images/:imageId': 'products',
  'GET /api/admin/products/:id/stock': 'products',
  'GET /api/admin/products/:id/stock-movements': 'products',
  'GET /api/admin/products/export.csv': 'products',
  'GET /api/admin/stock/low-stock': 'products',
  'POST /api/admin/stock/movements': 'products',
  'GET /api/admin/reviews': 'products',
  'PATCH /api/admin/reviews/:id': 'products',
  'GET /api/imports/products/template.csv': 'products',
  'GET /api/imports/products/batches': 'products',
  'POST /api/imports/products/batches': 'products',
  'GET /api/imports/products/batches/:id': 'products',
  'PATCH /api/imports/products/batches/:id': 'products',
  'GET /api/imports/products/batches/:id/columns': 'products',
  'PUT /api/imports/products/batches/:id/mapping': 'products',
  'POST /api/imports/products/batches/:id/dry-run': 'products',
  'POST /api/imports/products/batches/:id/process': 'products',
  'GET /api/imports/products/batches/:id/errors': 'products',
  'GET /api/imports/products/batches/:id/rejected.csv': 'products',
  'PUT /api/imports/products/batches/:id/file': 'products',
  'POST /api/ai/content': 'products',
  'POST /api/ai/assistant': 'products',
  'POST /api/ai/suggest': 'products',
  'GET /api/admin/dashboard/quick-wins': 'products',
  // Content (pictures serve products and pages alike)
  'GET /api/admin/pages': 'content',
  'POST /api/admin/pages': 'content',
  'GET /api/admin/pages/:id': 'content',
  'PUT /api/admin/pages/:id/content': 'content',
  'POST /api/admin/pages/:id/publish': 'content',
  'POST /api/admin/pages/sanitize': 'content',
  'GET /api/admin/pages/by-slug/:slug/preview': 'content',
  'GET /api/admin/navigation': 'content',
  'PUT /api/admin/navigation': 'content',
  'GET /api/admin/search': 'content',
  'GET /api/admin/media': ['products', 'content'],
  'POST /api/admin/media': ['products', 'content'],
  'GET /api/admin/media/:id': ['products', 'content'],
  'PATCH /api/admin/media/:id': ['products', 'content'],
  'DELETE /api/admin/media/:id': ['products', 'content'],
  // Customers
  'GET /api/admin/customers': 'customers',
  'GET /api/admin/customers/:id': 'customers',
  'GET /api/admin/customers/:id/orders': 'customers',
  'POST /api/admin/customers/:id/notes': 'customers',
  'DELETE /api/admin/customers/:id/notes/:noteId': 'customers',
  // Settings (not payments, not the team)
  'GET /api/admin/settings': 'settings',
  'PUT /api/admin/settings': 'settings',
  'GET /api/admin/settings/policies': 'settings',
  'PUT /api/admin/settings/policies': 'settings',
  'POST /api/admin/settings/legal-pages/:kind': 'settings',
  'GET /api/admin/shipping-methods': 'settings',
  'POST /api/admin/shipping-methods': 'settings',
  'PUT /api/admin/shipping-methods/order': 'settings',
  'PUT /api/admin/shipping-methods/:id': 'settings',
  'PUT /api/admin/shipping-methods/:id/active': 'settings',
  'DELETE /api/admin/shipping-methods/:id': 'settings',
  'GET /api/admin/emails': 'settings',
  'GET /api/admin/emails/:id': 'settings',
  'GET /api/functions/v1/email-domains': 'settings',
  'POST /api/functions/v1/email-domains': 'settings',
  'PUT /api/functions/v1/email-domains': 'settings',
  'DELETE /api/functions/v1/email-domains': 'settings',
  'GET /api/functions/v1/email-templates': 'settings',
  'POST /api/functions/v1/email-templates': 'settings',
  'PUT /api/functions/v1/email-templates': 'settings',
  'POST /api/functions/v1/email-templates/preview': 'settings',
  'POST /api/functions/v1/email-dispatch': 'settings',
  'POST /api/functions/v1/push-send': 'settings',
  'GET /api/functions/v1/push-subscribe': 'settings',
  'GET /api/functions/v1/push-templates': 'settings',
  'POST /api/functions/v1/push-templates': 'settings',
  'PUT /api/functions/v1/push-templates': 'settings',
  // Settings > CRM (decision 044): reachable while the CRM is off, so it can be switched back on.
  'GET /api/admin/settings/crm': 'settings',
  'PUT /api/admin/settings/crm': 'settings',
  // Settings > Email > Checkout recovery (decision 048): staff with Settings may look, not switch it.
  'GET /api/admin/settings/checkout-recovery': 'settings',
  // The CRM, in a store (the platform's own book is for platform sales: inCrm)
  'GET /api/crm/context': 'crm',
  'GET /api/crm/leads': 'crm',
  'POST /api/crm/leads': 'crm',
  'PUT /api/crm/leads/:id': 'crm',
  'PATCH /api/crm/leads/:id/status': 'crm',
  'GET /api/crm/leads/events': 'crm',
  'GET /api/crm/quotes': 'crm',
  'POST /api/crm/quotes': 'crm',
  'GET /api/crm/quotes/:id': 'crm',
  'PUT /api/crm/quotes/:id': 'crm',
  'DELETE /api/crm/quotes/:id': 'crm',
  'POST /api/functions/v1/bark-sheets-import': 'crm',
  // Owners and admins only
  'GET /api/admin/members': 'manage',
  'GET /api/admin/members/:userId': 'manage',
  'PUT /api/admin/members/:userId/permissions': 'manage',
  'GET /api/admin/customers.csv': 'manage',
  'GET /api/admin/customers/:id/data': 'manage',
  'POST /api/admin/customers/:id/erase': 'manage',
  'GET /api/admin/reports/vat': 'manage',
  'GET /api/admin/reports/vat.csv': 'manage',
  'GET /api/admin/setup': 'manage',
  'POST /api/admin/setup/launch': 'manage',
  'POST /api/admin/setup/unlaunch': 'manage',
  'POST /api/admin/setup/confirm-delivery': 'manage',
  'PUT /api/admin/setup/preview-password': 'manage',
  'PUT /api/admin/settings/checkout-recovery': 'manage',
  'GET /api/stripe/connect/status': 'manage',
  'POST /api/stripe/connect/create-account': 'manage',
  'POST /api/stripe/connect/account-link': 'manage',
};

/** The table's key of a request's route. */
export const accessKey = (req: FastifyRequest) => `${req.method} ${req.routeOptions.url ?? ''}`;

/**
 * Checks the table before validation: a member without the permission is refused (403) whatever they
 * send. Requests with no session or no store in scope go on to the handler, whose guard answers 401/404.
 */
export function enforceAdminAccess(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const need = ADMIN_ACCESS[accessKey(req)];
    if (need === undefined || !req.actor || !adminTenantId(req)) return;
    await inTenant(req, need, async () => undefined);
  });
}
