import pg from 'pg';

/**
 * A fresh database beside the one DATABASE_URL names (suffix "_test", "_e2e"...), dropped and created
 * anew, so test runs never touch the data of the database a developer points the server at.
 */
export async function freshDatabaseUrl(baseUrl: string, suffix: string): Promise<string> {
  const url = new URL(baseUrl);
  const baseName = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
  const name = `${baseName}_${suffix}`.replace(/[^a-zA-Z0-9_]/g, '_');
  // Connect to the maintenance database: the named one may not exist yet, and cannot drop itself.
  const adminUrl = new URL(baseUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}
