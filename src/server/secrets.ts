import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

/** Keys the server signs and verifies with. Never defaulted in code (DESIGN rule 8). */
export interface Secrets {
  cookieSecret: string;
  webhookSecret: string;
}

/**
 * Reads DATA_DIR/secrets.json, generating any missing key on first start. Environment variables
 * COOKIE_SECRET / WEBHOOK_SECRET win, for deployments that keep keys outside the data folder.
 */
export function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    cookieSecret: stored.cookieSecret ?? randomBytes(32).toString('base64url'),
    webhookSecret: stored.webhookSecret ?? randomBytes(32).toString('base64url'),
  };
  if (secrets.cookieSecret !== stored.cookieSecret || secrets.webhookSecret !== stored.webhookSecret) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return {
    cookieSecret: env.COOKIE_SECRET || secrets.cookieSecret,
    webhookSecret: env.WEBHOOK_SECRET || secrets.webhookSecret,
  };
}
