import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/worker-count';

// Browser journeys in headless Debian Chromium: E2E_WORKERS files at a time, each worker with a server
// and database of its own (e2e/global-setup.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/setup.ts'],
    maxWorkers: E2E_WORKERS,
    fileParallelism: E2E_WORKERS > 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
