/**
 * How many journey files run at once (E2E_WORKERS, default 1), each worker with a server and database
 * of its own (global-setup.ts). On the 2-core CI machine two workers were slower than one (six files:
 * 131 s against 109 s; each worker's Chromium and server fight for the same cores), so more is for a
 * machine with cores to spare. Read by the vitest config too, so nothing here may import vitest.
 */
export const E2E_WORKERS = Math.max(1, Math.min(4, Number(process.env.E2E_WORKERS ?? 1) || 1));
