import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for a laptop: port 3000, ./data, embedded database with demo data', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, platformHost: 'localhost', demoPassword: 'demo-password', seedDemo: true });
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.platformOwnerEmails).toEqual(['owner@platform.test']);
  });

  it('does not seed demo data on a real PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('parses owner emails as a trimmed lower-case list', () => {
    expect(loadConfig({ PLATFORM_OWNER_EMAILS: ' A@x.test, b@Y.test ,' }).platformOwnerEmails).toEqual(['a@x.test', 'b@y.test']);
  });

  it('strips a port from PLATFORM_HOST', () => {
    expect(loadConfig({ PLATFORM_HOST: 'Shops.Example.com:8080' }).platformHost).toBe('shops.example.com');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PLATFORM_OWNER_EMAILS: 'not-an-email' }, 'PLATFORM_OWNER_EMAILS'],
    [{ DEMO_PASSWORD: 'short' }, 'DEMO_PASSWORD'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
  ])('stops with a message naming the variable for %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: .*\\(got `));
  });
});
