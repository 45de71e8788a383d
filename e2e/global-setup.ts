import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freshDatabaseUrl } from '../src/server/test/databases';
import { serverNodeArgs } from '../scripts/server-heap';
import { DEFAULT_PUSH_HOSTS } from '../src/server/adapters/push/endpoint-policy';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Where the push journey's local push service listens; the server may send pushes there too. */
export const E2E_PUSH_PORT = E2E_PORT + 9;
let server: ChildProcess | null = null;

async function waitForHealth(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server?.exitCode !== null && server?.exitCode !== undefined) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy after ${ms} ms`);
}

/**
 * Starts the real server the way the README does (`npm start` builds the web app and the server when
 * needed, then runs dist/server/main.js) on a fresh data folder, or a fresh PostgreSQL database when
 * DATABASE_URL is set, with the demo data.
 */
export async function setup(project: TestProject): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const databaseUrl = process.env.DATABASE_URL ? await freshDatabaseUrl(process.env.DATABASE_URL, 'e2e') : '';
  server = spawn(process.execPath, [...serverNodeArgs(), 'scripts/start.mjs'], {
    env: { ...process.env, PORT: String(E2E_PORT), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: 'true', DEMO_PASSWORD: 'demo-password', LOG_LEVEL: 'warn',
      PUSH_ENDPOINT_HOSTS: [...DEFAULT_PUSH_HOSTS, `127.0.0.1:${E2E_PUSH_PORT}`].join(',') },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${E2E_PORT}/healthz`, 150_000);
  project.provide('basePort', E2E_PORT);
  project.provide('pushPort', E2E_PUSH_PORT);
}

export async function teardown(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server!.once('exit', r));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

declare module 'vitest' {
  export interface ProvidedContext {
    basePort: number;
    pushPort: number;
  }
}
