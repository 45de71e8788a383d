import { createContext, useContext, type ReactNode } from 'react';
import type { Permission } from '@shared/roles';

/**
 * What a back-office screen needs (issue 27; the server's table is src/server/http/access.ts): a
 * permission (or any of a list), `manage` (owners and admins), or `any` member.
 */
export type AdminNeed = Permission | readonly Permission[] | 'manage' | 'any';

export interface AdminAccess {
  /** The store being managed. */
  tenantId: string;
  permissions: readonly Permission[];
  canManage: boolean;
  /** The store's own CRM is on (Settings > CRM, decision 044); off, nothing links to it. Unset: on. */
  crmEnabled?: boolean;
}

export function mayUse(access: AdminAccess, need: AdminNeed): boolean {
  if (need === 'any') return true;
  if (need === 'manage') return access.canManage;
  return (typeof need === 'string' ? [need] : need).some((p) => access.permissions.includes(p));
}

const AccessContext = createContext<AdminAccess>({ tenantId: '', permissions: [], canManage: false });

export function AdminAccessProvider({ access, children }: { access: AdminAccess; children: ReactNode }) {
  return <AccessContext.Provider value={access}>{children}</AccessContext.Provider>;
}

/** The signed-in member's access in this store, as the admin context answered it. */
export function useAdminAccess(): AdminAccess {
  return useContext(AccessContext);
}
