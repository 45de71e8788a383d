/** Member roles per tenant. owner/admin manage the whole store; staff only use leads and quotes. */
export const MEMBER_ROLES = ['owner', 'admin', 'staff'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Roles allowed to manage catalogue, orders, content and settings. */
export const STORE_MANAGER_ROLES: readonly MemberRole[] = ['owner', 'admin'];
/** Roles allowed to use the sales tools (leads, quotes). */
export const SALES_ROLES: readonly MemberRole[] = ['owner', 'admin', 'staff'];

export function canManageStore(role: MemberRole | null, isPlatformOwner: boolean): boolean {
  return isPlatformOwner || (role !== null && STORE_MANAGER_ROLES.includes(role));
}
