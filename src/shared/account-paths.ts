// Pages of issue 26 (a forgotten password, account settings), zod-free: the app's entry routes to them,
// and the entry must not carry the schemas (decision 004).
/** Under /login, so the app's one sign-in route (and what stays open on a closed store) covers them. */
export const RECOVERY_PATHS = { forgot: '/login/forgot-password', reset: '/login/reset-password' } as const;
