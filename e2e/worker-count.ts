/**
 * How many journey files run at once (E2E_WORKERS, default 2), each worker with a server and database
 * of its own (global-setup.ts). Set 1 to run them one by one, as when debugging a journey. Read by the
 * vitest config too, so nothing here may import vitest.
 */
export const E2E_WORKERS = Math.max(1, Math.min(4, Number(process.env.E2E_WORKERS ?? 2) || 1));
