/** Where a store answers, on the same scheme and port as this page (demo.localhost:3000 in development). */
export function storeUrl(domain: string, path = '/'): string {
  const port = window.location.port ? `:${window.location.port}` : '';
  return `${window.location.protocol}//${domain}${port}${path}`;
}

/** The current path and query, for ?redirect= after sign-in. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}
