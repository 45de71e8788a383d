import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const main = path.resolve(__dirname, 'main.ts');
const tsx = path.resolve(__dirname, '../../node_modules/.bin/tsx');

function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
  try {
    return spawnSync(tsx, [main], { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', ...env }, encoding: 'utf8', timeout: 60_000 });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('server start-up failures', () => {
  it('exits 1 with a clear message when the database cannot be reached', () => {
    const run = start({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nowhere' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Cannot connect to PostgreSQL at postgres://nobody@127.0.0.1:1/nowhere');
  });

  it('exits 1 naming the bad variable', () => {
    const run = start({ PORT: 'eighty' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain('PORT');
  });
});
