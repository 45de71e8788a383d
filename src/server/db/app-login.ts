import { createHmac } from 'node:crypto';
import pg from 'pg';
import { APP_ROLE } from './unit-of-work';

/**
 * Where request connections log in as the app role. Given as DATABASE_APP_URL, or derived from the
 * owner's DATABASE_URL: same server and database, user shop_app, and a password derived from the
 * owner's credentials. Every instance started with the same DATABASE_URL derives the same password, so
 * several can share one server without a second secret to hand out; the database name is left out of
 * the derivation because a role belongs to the whole server.
 */
export function derivedAppUrl(ownerUrl: string): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = derivedAppPassword(ownerUrl);
  return url.toString();
}

function derivedAppPassword(ownerUrl: string): string {
  const u = new URL(ownerUrl);
  const server = `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}@${u.hostname}:${u.port || '5432'}`;
  return createHmac('sha256', server).update('shop_app login').digest('base64url');
}

/**
 * Makes the derived login work: when the app role cannot log in yet (the migration creates it NOLOGIN)
 * or has another password, the owner gives it LOGIN and the derived password. Tried first, so
 * instances starting together do not all alter the role (PostgreSQL refuses concurrent updates of
 * one role with "tuple concurrently updated"; such a loser just checks again).
 */
export async function ensureDerivedLogin(owner: pg.Pool, ownerUrl: string): Promise<string> {
  const appUrl = derivedAppUrl(ownerUrl);
  if (await canLogIn(appUrl)) return appUrl;
  const password = derivedAppPassword(ownerUrl);
  for (let attempt = 0; ; attempt++) {
    try {
      // A role name and a password cannot be bound parameters; the password is base64url, quote-free.
      await owner.query(`ALTER ROLE ${APP_ROLE} WITH LOGIN PASSWORD '${password}'`);
      break;
    } catch (err) {
      if (attempt >= 3 || !/concurrently/.test((err as Error).message)) throw new Error(`Cannot let the app role ${APP_ROLE} log in (${(err as Error).message}); set DATABASE_APP_URL to a login of that role.`);
      await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
      if (await canLogIn(appUrl)) return appUrl;
    }
  }
  return appUrl;
}

async function canLogIn(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
