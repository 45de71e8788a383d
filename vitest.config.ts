import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// One worker and no isolation: all API test files share one database per run (PGlite takes seconds
// to create), and each file resets the tables it uses. See src/server/test/harness.ts.
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src/web', import.meta.url)),
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    maxWorkers: 1,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
