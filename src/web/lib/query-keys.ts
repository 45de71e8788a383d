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

/** Admin stock (src/web/lib/admin-stock.ts). Every key starts with stockKeys.all, so one call refreshes them all. */
export const stockKeys = {
  all: ['admin', 'stock'] as const,
  lowStock: ['admin', 'stock', 'low-stock'] as const,
  product: (id: string) => ['admin', 'stock', 'product', id] as const,
  movements: (id: string, page: number) => ['admin', 'stock', 'movements', id, page] as const,
};

/** Prefix of the admin product list and product form queries (products engineer's keys start with it). */
export const adminProductsPrefix = ['admin', 'products'] as const;

/** Admin > Catalogue > Categories; the product form's category picker reads the same flat list. */
export const adminCategoryKeys = {
  all: ['admin', 'categories'] as const,
  list: ['admin', 'categories', 'list'] as const,
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

/** Admin pictures: under ['admin', 'products'] so a change also refreshes the admin product list's thumbnails. */
export const mediaKeys = {
  productImages: (productId: string) => ['admin', 'products', productId, 'images'] as const,
  /** The media library: every list (any search, filter, page) starts with this. */
  library: ['admin', 'media'] as const,
  libraryList: (params: { search: string; type: string; page: number; limit: number }) => ['admin', 'media', 'list', params] as const,
};

export const aiKeys = {
  /** Store Brain suggestions (quick wins); loaded afresh each time the panel opens. */
  quickWins: ['ai', 'quick-wins'] as const,
  productSuggestions: (productId: string) => ['ai', 'product-suggestions', productId] as const,
  /** The product wizard's category select: under ['admin', 'categories'], so category saves refresh it. */
  wizardCategories: ['admin', 'categories', 'wizard-options'] as const,
};

export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  list: (params: { page: number; status: string; search: string }) => ['admin', 'orders', 'list', params] as const,
  one: (id: string) => ['admin', 'orders', 'one', id] as const,
  emails: (id: string) => ['admin', 'orders', 'emails', id] as const,
};

/** Admin catalogue: products list pages, one product, the form's category options. */
export const adminProductKeys = {
  all: ['admin', 'products'] as const,
  list: (params: { page: number; status: string; sort: string; search: string }) => ['admin', 'products', 'list', params] as const,
  detail: (id: string) => ['admin', 'products', 'detail', id] as const,
  categoryOptions: ['admin', 'categories', 'options'] as const,
};

/** Admin dashboard (src/web/lib/admin-dashboard.ts). */
export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  kpis: ['admin', 'dashboard', 'kpis'] as const,
  quickWins: ['admin', 'dashboard', 'quick-wins'] as const,
};

/** Settings > Payment: the store's card-payment account (src/web/lib/admin-payment-connect.ts). */
export const paymentConnectKeys = {
  status: ['admin', 'payment-connect', 'status'] as const,
};

/** Settings > Store Info (src/web/lib/admin-settings.ts). */
export const settingsKeys = {
  store: ['admin', 'settings', 'store'] as const,
  policies: ['admin', 'settings', 'policies'] as const,
};

/** Settings > Shipping (src/web/lib/admin-shipping.ts). */
export const adminShippingKeys = {
  all: ['admin', 'shipping-methods'] as const,
};

/** Admin > Webstore > Navigation and its link pickers' search. */
export const navigationKeys = {
  all: ['admin', 'navigation'] as const,
  menu: ['admin', 'navigation', 'primary'] as const,
  search: (type: 'product' | 'page', q: string) => ['admin', 'navigation', 'search', type, q] as const,
};


/** Admin > VAT report (src/web/lib/admin-vat-report.ts): one report per period. */
export const vatReportKeys = {
  all: ['admin', 'reports', 'vat'] as const,
  period: (from: string, to: string) => ['admin', 'reports', 'vat', from, to] as const,
};
