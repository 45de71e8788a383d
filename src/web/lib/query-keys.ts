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

export const catalogKeys = {
  all: ['catalog'] as const,
  categories: ['catalog', 'categories'] as const,
  category: (slug: string) => ['catalog', 'category', slug] as const,
  products: (params: Record<string, string | number | undefined>) => ['catalog', 'products', params] as const,
  product: (slug: string) => ['catalog', 'product', slug] as const,
  related: (id: string) => ['catalog', 'related', id] as const,
  reviews: (id: string) => ['catalog', 'reviews', id] as const,
  moderation: (status: string, page: number) => ['admin', 'reviews', status, page] as const,
};

export const cartKeys = {
  cart: ['cart'] as const,
  shippingMethods: ['cart', 'shipping-methods'] as const,
};

export const orderKeys = {
  lookup: (by: string, value: string) => ['orders', 'lookup', by, value] as const,
  mine: ['orders', 'mine'] as const,
};

export const emailKeys = {
  list: (page: number, search: string) => ['admin', 'emails', page, search] as const,
  one: (id: string) => ['admin', 'email', id] as const,
};

export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  list: (params: { page: number; status: string; search: string }) => ['admin', 'orders', 'list', params] as const,
  one: (id: string) => ['admin', 'orders', 'one', id] as const,
  emails: (id: string) => ['admin', 'orders', 'emails', id] as const,
};
