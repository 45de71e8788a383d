import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freshDatabaseUrl } from '../src/server/test/databases';
import { serverNodeArgs } from '../scripts/server-heap';
import { DEFAULT_PUSH_HOSTS } from '../src/server/adapters/push/endpoint-policy';
import { E2E_WORKERS } from './worker-count';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Where worker i's journeys find their server, and the push journey its local push service. */
const serverPort = (worker: number) => E2E_PORT + worker;
const pushPort = (worker: number) => E2E_PORT + 9 + worker;
const servers: ChildProcess[] = [];

async function waitForHealth(server: ChildProcess, url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
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
 * Starts one real server the way the README does (`npm start` builds the web app and the server when
 * needed, then runs dist/server/main.js) on a fresh data folder, or a fresh PostgreSQL database when
 * DATABASE_URL is set, with the demo data.
 */
async function startServer(worker: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const databaseUrl = process.env.DATABASE_URL ? await freshDatabaseUrl(process.env.DATABASE_URL, worker === 0 ? 'e2e' : `e2e${worker + 1}`) : '';
  const server = spawn(process.execPath, [...serverNodeArgs(), 'scripts/start.mjs'], {
    // An hour of the checkout recovery emails' schedule lasts 2 s (decision 048): checkout-recovery.e2e.ts.
    // No proxy watches these servers' readiness, so they stop without a drain window (decision 057).
    env: { ...process.env, PORT: String(serverPort(worker)), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: 'true', DEMO_PASSWORD: 'demo-password', LOG_LEVEL: 'warn', CHECKOUT_RECOVERY_HOUR_SECONDS: '2', SHUTDOWN_DRAIN_MS: '0',
      PUSH_ENDPOINT_HOSTS: [...DEFAULT_PUSH_HOSTS, `127.0.0.1:${pushPort(worker)}`].join(',') },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  servers.push(server);
  await waitForHealth(server, `http://127.0.0.1:${serverPort(worker)}/healthz`, 150_000);
}

/**
 * One server (and database) per worker: journey files run E2E_WORKERS at a time, each worker against a
 * store of its own, so no journey sees another's data, as when they ran one by one. The first server
 * builds what is stale before it starts; the others then start together from that build.
 */
export async function setup(project: TestProject): Promise<void> {
  await startServer(0);
  await Promise.all(Array.from({ length: E2E_WORKERS - 1 }, (_, i) => startServer(i + 1)));
  project.provide('basePorts', Array.from({ length: E2E_WORKERS }, (_, i) => serverPort(i)));
  project.provide('pushPorts', Array.from({ length: E2E_WORKERS }, (_, i) => pushPort(i)));
}

export async function teardown(): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      if (server.exitCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }),
  );
}

declare module 'vitest' {
  export interface ProvidedContext {
    basePorts: number[];
    pushPorts: number[];
  }
}
