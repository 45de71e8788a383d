import { describe, expect, it } from 'vitest';
import { ConfigError, loadBootConfig, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for a laptop: port 3000, ./data, embedded database with demo data', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, platformHost: 'localhost', demoPassword: 'demo-password', seedDemo: true });
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.platformOwnerEmails).toEqual(['owner@platform.test']);
  });

  it('keeps the database address out of the config request code holds (boot alone gets it)', () => {
    const env = { DATABASE_URL: 'postgres://owner:s3cret-owner@db.internal:5432/shop', DATABASE_APP_URL: 'postgres://shop_app:s3cret-app@db.internal:5432/shop' };
    const { config, database } = loadBootConfig(env);
    expect(database).toEqual({ url: env.DATABASE_URL, appUrl: env.DATABASE_APP_URL });
    for (const held of [config, loadConfig(env)]) {
      const text = JSON.stringify(held);
      expect(text).not.toContain('s3cret');
      expect(text).not.toContain('db.internal');
    }
  });

  it('does not seed demo data on a real PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('parses owner emails as a trimmed lower-case list', () => {
    expect(loadConfig({ PLATFORM_OWNER_EMAILS: ' A@x.test, b@Y.test ,' }).platformOwnerEmails).toEqual(['a@x.test', 'b@y.test']);
  });

  it('sizes the PostgreSQL pool, its wait queue and the statement timeout from the environment (issues 11 and 24)', () => {
    expect(loadConfig({}).databasePool).toEqual({ size: 10, queueLimit: 500, waitMs: 3000, statementTimeoutMs: 10_000 });
    expect(loadConfig({ DATABASE_POOL_SIZE: '40', DATABASE_QUEUE_LIMIT: '0', DATABASE_QUEUE_WAIT_MS: '500', DATABASE_STATEMENT_TIMEOUT_MS: '2000' }).databasePool).toEqual({
      size: 40,
      queueLimit: 0,
      waitMs: 500,
      statementTimeoutMs: 2000,
    });
    const bads = [{ DATABASE_POOL_SIZE: '0' }, { DATABASE_POOL_SIZE: 'ten' }, { DATABASE_QUEUE_LIMIT: '-1' }, { DATABASE_QUEUE_WAIT_MS: '1.5' }, { DATABASE_STATEMENT_TIMEOUT_MS: '50' }, { DATABASE_STATEMENT_TIMEOUT_MS: '0' }];
    for (const bad of bads) {
      expect(() => loadConfig(bad), JSON.stringify(bad)).toThrow(Object.keys(bad)[0]);
    }
  });

  it('serves no metrics and sends no traces unless asked (decision 055)', () => {
    expect(loadConfig({})).toMatchObject({ metrics: null, tracing: null });
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ port: 9464, host: '0.0.0.0' });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).tracing).toEqual({ endpoint: 'http://127.0.0.1:4318', serviceName: 'shop-platform' });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com', OTEL_SERVICE_NAME: 'shops-eu' }).tracing?.serviceName).toBe('shops-eu');
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com', OTEL_SDK_DISABLED: 'TRUE' }).tracing).toBeNull();
    for (const bad of [{ METRICS_PORT: 'nine' }, { METRICS_PORT: '70000' }, { METRICS_PORT: '-1' }, { METRICS_PORT: '3000' }, { PORT: '8080', METRICS_PORT: '8080' }]) {
      expect(() => loadConfig(bad), JSON.stringify(bad)).toThrow(/METRICS_PORT: /);
    }
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT: /);
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

describe('email configuration', () => {
  it('keeps mail in the outbox by default, from no-reply at the platform host under each shop’s name', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, emailFrom: { name: null, address: 'no-reply@localhost' } });
    expect(loadConfig({ PLATFORM_HOST: 'shops.example.com:8080', SMTP_URL: '' }).emailFrom.address).toBe('no-reply@shops.example.com');
  });

  it('accepts smtp:// and smtps:// URLs', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' }).smtpUrl).toBe('smtp://user:pass@mail.example.com:587');
    expect(loadConfig({ SMTP_URL: ' smtps://mail.example.com ' }).smtpUrl).toBe('smtps://mail.example.com');
  });

  it.each([['http://mail.example.com'], ['mail.example.com:587'], ['smtp://']])('refuses SMTP_URL=%s naming the variable', (url) => {
    expect(() => loadConfig({ SMTP_URL: url })).toThrow(/SMTP_URL: must (start with smtp:\/\/ or smtps:\/\/|be a URL)/);
  });

  it('never prints the password of a bad URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example.com' })).toThrow('(got "http://user:***@mail.example.com")');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/shop' })).not.toThrow(/hunter2/);
  });

  it.each([
    ['shop@example.com', { name: null, address: 'shop@example.com' }],
    ['Shops Platform <mail@example.com>', { name: 'Shops Platform', address: 'mail@example.com' }],
    ['"Shops, Ltd" <mail@example.com>', { name: 'Shops, Ltd', address: 'mail@example.com' }],
    ['<mail@example.com>', { name: null, address: 'mail@example.com' }],
  ])('reads EMAIL_FROM=%s', (value, from) => {
    expect(loadConfig({ EMAIL_FROM: value }).emailFrom).toEqual(from);
  });

  it.each([['not an address'], ['a@b.com, c@d.com'], ['Name <a@b.com']])('refuses EMAIL_FROM=%s naming the variable', (value) => {
    expect(() => loadConfig({ EMAIL_FROM: value })).toThrow(/EMAIL_FROM: must be an address/);
  });
});

describe('AI configuration', () => {
  it('uses the built-in writer by default, with a 20 s timeout and fallback on', () => {
    expect(loadConfig({}).ai).toEqual({
      provider: 'builtin',
      openai: { apiKey: null, baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', jsonMode: 'json_schema' },
      timeoutMs: 20_000,
      fallback: true,
    });
  });

  it('chooses OpenAI when a key is set, unless AI_PROVIDER says builtin', () => {
    const c = loadConfig({ OPENAI_API_KEY: 'sk-abc', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_MODEL: 'llama3', AI_TIMEOUT_MS: '5000', AI_FALLBACK: 'false', OPENAI_JSON_MODE: 'json_object' }).ai;
    expect(c).toEqual({ provider: 'openai', openai: { apiKey: 'sk-abc', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3', jsonMode: 'json_object' }, timeoutMs: 5000, fallback: false });
    expect(loadConfig({ OPENAI_API_KEY: 'sk-abc', AI_PROVIDER: 'builtin' }).ai.provider).toBe('builtin');
    expect(loadConfig({ AI_PROVIDER: 'openai' }).ai).toMatchObject({ provider: 'openai', openai: { apiKey: null } });
  });

  it.each([
    [{ AI_PROVIDER: 'gpt' }, 'AI_PROVIDER'],
    [{ OPENAI_BASE_URL: 'ftp://x' }, 'OPENAI_BASE_URL'],
    [{ AI_TIMEOUT_MS: '10' }, 'AI_TIMEOUT_MS'],
    [{ AI_FALLBACK: 'perhaps' }, 'AI_FALLBACK'],
    [{ OPENAI_JSON_MODE: 'yaml' }, 'OPENAI_JSON_MODE'],
  ])('stops with a message naming the variable for %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: `));
  });

  it('never shows the API key in a message', () => {
    expect(() => loadConfig({ OPENAI_API_KEY: 'sk secret with spaces' })).toThrow(/OPENAI_API_KEY: .*\(got a value, not shown\)/);
  });
});

describe('web push configuration', () => {
  const pair = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'b'.repeat(43) };

  it('generates the VAPID keys by default, signs as the mail sender, and sends to the known push services', () => {
    expect(loadConfig({}).push).toEqual({ provider: 'webpush', vapid: null, subject: 'mailto:no-reply@localhost', endpointHosts: null, timeoutMs: 10_000 });
    expect(loadConfig({ EMAIL_FROM: 'Shops <hello@shops.example>' }).push.subject).toBe('mailto:hello@shops.example');
  });

  it('takes a key pair, a subject, extra push hosts and the memory provider from the environment', () => {
    const c = loadConfig({ ...pair, VAPID_SUBJECT: 'https://shops.example/contact', PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com, 127.0.0.1:9999', PUSH_PROVIDER: 'memory', PUSH_TIMEOUT_MS: '2500' }).push;
    expect(c).toEqual({ provider: 'memory', vapid: { publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY }, subject: 'https://shops.example/contact', endpointHosts: ['fcm.googleapis.com', '127.0.0.1:9999'], timeoutMs: 2500 });
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_PRIVATE_KEY: pair.VAPID_PRIVATE_KEY }, 'VAPID_PUBLIC_KEY'],
    [{ ...pair, VAPID_PUBLIC_KEY: 'not-a-key' }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_SUBJECT: 'someone' }, 'VAPID_SUBJECT'],
    [{ PUSH_PROVIDER: 'fcm' }, 'PUSH_PROVIDER'],
    [{ PUSH_ENDPOINT_HOSTS: 'http://fcm.googleapis.com/x' }, 'PUSH_ENDPOINT_HOSTS'],
    [{ PUSH_TIMEOUT_MS: '5' }, 'PUSH_TIMEOUT_MS'],
  ])('stops with a message naming the variable for %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: `));
  });

  it('never shows the VAPID private key in a message', () => {
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: 'secret but malformed' })).toThrow(/VAPID_PRIVATE_KEY: .*\(got a value, not shown\)/);
  });
});

describe('import picture fetching configuration', () => {
  it('refuses private addresses by default, with a 10 s and 10 MB cap per picture', () => {
    expect(loadConfig({}).importFetch).toEqual({ allowPrivate: false, timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024 });
  });

  it('takes the switch for tests and local development, and other caps within bounds', () => {
    expect(loadConfig({ IMPORT_FETCH_ALLOW_PRIVATE: 'true', IMPORT_FETCH_TIMEOUT_MS: '2500', IMPORT_FETCH_MAX_BYTES: '1048576' }).importFetch).toEqual({ allowPrivate: true, timeoutMs: 2500, maxBytes: 1048576 });
  });

  it.each([
    [{ IMPORT_FETCH_ALLOW_PRIVATE: 'maybe' }, 'IMPORT_FETCH_ALLOW_PRIVATE: must be true or false'],
    [{ IMPORT_FETCH_TIMEOUT_MS: '999' }, 'IMPORT_FETCH_TIMEOUT_MS: must be at least 1000'],
    [{ IMPORT_FETCH_TIMEOUT_MS: '60001' }, 'IMPORT_FETCH_TIMEOUT_MS: must be at most 60000'],
    [{ IMPORT_FETCH_MAX_BYTES: '20000000' }, 'IMPORT_FETCH_MAX_BYTES: must be at most 10485760 (the media upload limit)'],
    [{ IMPORT_FETCH_MAX_BYTES: 'lots' }, 'IMPORT_FETCH_MAX_BYTES: must be a number'],
  ])('stops for %o naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('email retention (housekeeping, decision 056)', () => {
  it('keeps delivered emails 90 days unless told otherwise', () => {
    expect(loadConfig({}).emailRetentionDays).toBe(90);
    expect(loadConfig({ EMAIL_RETENTION_DAYS: '30' }).emailRetentionDays).toBe(30);
  });

  it.each([
    [{ EMAIL_RETENTION_DAYS: '0' }, 'EMAIL_RETENTION_DAYS: must be at least 1'],
    [{ EMAIL_RETENTION_DAYS: '3651' }, 'EMAIL_RETENTION_DAYS: must be at most 3650'],
    [{ EMAIL_RETENTION_DAYS: '7.5' }, 'EMAIL_RETENTION_DAYS: must be a whole number'],
    [{ EMAIL_RETENTION_DAYS: 'forever' }, 'EMAIL_RETENTION_DAYS: must be a number'],
  ])('stops for %o naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
