import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSecrets } from './secrets';

describe('secrets', () => {
  it('are generated on first start, kept private in DATA_DIR and reused afterwards', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-secrets-'));
    try {
      const first = loadSecrets(dir, {});
      expect(first.cookieSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.webhookSecret).not.toBe(first.cookieSecret);
      const file = path.join(dir, 'secrets.json');
      expect(statSync(file).mode & 0o077).toBe(0);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
      expect(loadSecrets(dir, {})).toEqual(first);
      expect(loadSecrets(dir, { COOKIE_SECRET: 'from-env' }).cookieSecret).toBe('from-env');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
