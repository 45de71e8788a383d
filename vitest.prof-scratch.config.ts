import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src/web', import.meta.url)), '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  test: { include: ['src/server/http/*.scratch.ts'], environment: 'node', maxWorkers: 1, isolate: false, testTimeout: 30_000, hookTimeout: 120_000 },
});
