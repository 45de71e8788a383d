/**
 * Member roles per tenant. Owners and admins manage the whole store; staff do what their permissions
 * say (issue 27: a packer needs orders, not the store's settings).
 */
export const MEMBER_ROLES = ['owner', 'admin', 'staff'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Roles allowed everything in a store (catalogue, orders, content, settings, payments, the team). */
export const STORE_MANAGER_ROLES: readonly MemberRole[] = ['owner', 'admin'];
/** Every member role. */
export const SALES_ROLES: readonly MemberRole[] = ['owner', 'admin', 'staff'];

/**
 * What a staff member may be given (issue 27 item 1). Payment and payout settings, the team, the launch
 * checklist, VAT figures and customers' data exports and erasure stay with owners and admins.
 */
export const PERMISSIONS = ['orders.view', 'orders.fulfil', 'orders.refund', 'products', 'content', 'customers', 'settings', 'crm'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<Permission, { label: string; hint: string }> = {
  'orders.view': { label: 'See orders', hint: 'Orders, their customers and the dashboard’s sales' },
  'orders.fulfil': { label: 'Fulfil orders', hint: 'Change status, add tracking and notes, resend emails' },
  'orders.refund': { label: 'Refund orders', hint: 'Give money back through the payment provider' },
  products: { label: 'Products and stock', hint: 'Products, categories, stock, imports, reviews' },
  content: { label: 'Content', hint: 'Pages, menus and pictures' },
  customers: { label: 'Customers', hint: 'The customer list, their pages and notes' },
  settings: { label: 'Settings', hint: 'Store details, delivery, policies, emails and notifications' },
  crm: { label: 'CRM', hint: 'Leads and quotes' },
};

/** What a suspended store's team may still do (issue 27): serve the orders already paid for. */
export const SUSPENDED_PERMISSIONS: readonly Permission[] = ['orders.view', 'orders.fulfil', 'orders.refund'];

/** What staff had before permissions existed (the CRM, and reading customers), and what a new staff member gets. */
export const DEFAULT_STAFF_PERMISSIONS: readonly Permission[] = ['crm', 'customers'];

/** Fulfilling or refunding an order needs seeing it: a permission list always holds what it implies. */
export function withImplied(permissions: readonly Permission[]): Permission[] {
  const set = new Set(permissions);
  if (set.has('orders.fulfil') || set.has('orders.refund')) set.add('orders.view');
  return PERMISSIONS.filter((p) => set.has(p));
}

/** What a member may do: everything for owners, admins and platform owners; their own list for staff. */
export function effectivePermissions(role: MemberRole | null, permissions: readonly Permission[], isPlatformOwner: boolean): Permission[] {
  if (isPlatformOwner || (role !== null && STORE_MANAGER_ROLES.includes(role))) return [...PERMISSIONS];
  return role === 'staff' ? withImplied(permissions) : [];
}

export function canManageStore(role: MemberRole | null, isPlatformOwner: boolean): boolean {
  return isPlatformOwner || (role !== null && STORE_MANAGER_ROLES.includes(role));
}
