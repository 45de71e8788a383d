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

/** Admin catalogue: products list pages, one product, the form's category options. */
export const adminProductKeys = {
  all: ['admin', 'products'] as const,
  list: (params: { page: number; status: string; sort: string; search: string }) => ['admin', 'products', 'list', params] as const,
  detail: (id: string) => ['admin', 'products', 'detail', id] as const,
  categoryOptions: ['admin', 'categories', 'options'] as const,
};
