/** Query keys, one factory per feature, so invalidation never misses a spelling. */
export const platformKeys = {
  currentTenant: ['tenant', 'current'] as const,
  tenants: ['platform', 'tenants'] as const,
  tenantDomains: ['platform', 'tenant-domains'] as const,
  storeDomains: (tenantId: string) => ['platform', 'store-domains', tenantId] as const,
};

export const authKeys = {
  session: ['auth', 'session'] as const,
  isOwner: ['auth', 'is-owner'] as const,
  adminContext: ['admin', 'context'] as const,
};

export const catalogKeys = {
  all: ['catalog'] as const,
  categories: ['catalog', 'categories'] as const,
  /** The store's menu (GET /api/navigation); under catalog so a category change refreshes it too. */
  menu: ['catalog', 'menu'] as const,
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

/** Admin dashboard (src/web/lib/admin-dashboard.ts). */
export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  kpis: ['admin', 'dashboard', 'kpis'] as const,
  quickWins: ['admin', 'dashboard', 'quick-wins'] as const,
};

/** Settings > Store Info (src/web/lib/admin-settings.ts). */
export const settingsKeys = {
  store: ['admin', 'settings', 'store'] as const,
  policies: ['admin', 'settings', 'policies'] as const,
};

