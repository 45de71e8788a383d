/** Query keys, one factory per feature, so invalidation never misses a spelling. */
export const platformKeys = {
  currentTenant: ['tenant', 'current'] as const,
  tenants: ['platform', 'tenants'] as const,
  tenantDomains: ['platform', 'tenant-domains'] as const,
};

export const authKeys = {
  session: ['auth', 'session'] as const,
  isOwner: ['auth', 'is-owner'] as const,
  adminContext: ['admin', 'context'] as const,
};
