import { z } from 'zod';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '../shared/media';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// `address` or `Name <address>` / `"Name" <address>`; hosts such as localhost are allowed on purpose.
const FROM = /^(?:"?([^"<>]*?)"?\s*<([^\s<>@",;]+@[^\s<>@",;]+)>|([^\s<>@",;]+@[^\s<>@",;]+))$/;
/** An unset or empty variable is undefined. */
const optional = <T extends z.ZodType<string | undefined>>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));

/** An IPv4 address or a bracketed IPv6 one, with an optional port; or a bare IPv6 address. */
const DNS_SERVER = /^(?:\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?|\[[0-9a-f:.]+\](?::\d{1,5})?|[0-9a-f]*:[0-9a-f:.]+)$/i;

/** Variables whose values never appear in error messages. */
const SECRET_VARIABLES = new Set(['TLS_ASK_TOKEN', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_CONNECT_WEBHOOK_SECRET', 'S3_SECRET_ACCESS_KEY', 'OPENAI_API_KEY', 'VAPID_PRIVATE_KEY']);

/** S3-compatible storage is chosen when any of these is set; the first three are then required. */
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Requests log in as the unprivileged app role; derived from DATABASE_URL when not given (README).
  DATABASE_APP_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // LISTEN/NOTIFY needs a session of its own: behind PgBouncer in transaction mode, a direct address (docs/deploy.md).
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(500, 'must be at most 500').default(10),
  DATABASE_QUEUE_LIMIT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(100_000, 'must be at most 100000').default(500),
  DATABASE_QUEUE_WAIT_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(10, 'must be at least 10').max(60_000, 'must be at most 60000').default(3000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(100, 'must be at least 100').max(600_000, 'must be at most 600000').default(10_000),
  // Graceful shutdown (decision 057): how long a stopping instance keeps serving while /readyz says 503,
  // so the proxy's health check sees it; then how long in-flight requests and background work may take.
  SHUTDOWN_DRAIN_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(120_000, 'must be at most 120000').default(2000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(100, 'must be at least 100').max(600_000, 'must be at most 600000').default(10_000),
  // Caddy's on-demand TLS `ask` from another machine (decision 057); unset, only a direct loopback caller is answered.
  TLS_ASK_TOKEN: optional(z.string().trim().regex(/^[A-Za-z0-9_-]{24,200}$/, 'must be 24 to 200 letters, digits, _ or - (for example: openssl rand -hex 24)')),
  PLATFORM_HOST: z.string().trim().toLowerCase().min(1).default('localhost'),
  PLATFORM_OWNER_EMAILS: z
    .string()
    .default('owner@platform.test')
    .transform((s) => s.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email('must be a comma-separated list of email addresses'))),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default('demo-password'),
  SEED_DEMO: bool.optional(),
  COOKIE_SECURE: bool.optional(),
  TRUST_PROXY: bool.default(false),
  /** Where merchants write to the platform (a suspended store's admin shows it, issue 27). */
  SUPPORT_EMAIL: z.string().trim().toLowerCase().pipe(z.email('must be an email address')).optional(),
  /** Merchants may open shops themselves from the platform's site (issue 25); off: only platform owners. */
  SELF_SERVICE_SHOPS: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .refine((v) => URL.canParse(v) && new URL(v).hostname !== '', 'must be a URL such as smtp://user:pass@mail.example.com:587')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  EMAIL_FROM: z
    .string()
    .trim()
    .regex(FROM, 'must be an address, optionally with a name: no-reply@example.com or "Shops" <no-reply@example.com>')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Sending domains (Settings > Email): the SPF include a store publishes, and the DNS servers its
  // records are checked with (IP addresses, optional :port; unset: the machine's resolver).
  EMAIL_SPF_INCLUDE: optional(z.string().trim().toLowerCase().max(253).regex(/^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/, 'must be a host name such as _spf.mail.example.com')),
  EMAIL_DNS_SERVERS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((e) => e.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(DNS_SERVER, 'must be a comma-separated list of IP addresses, each with an optional :port (1.1.1.1, 127.0.0.1:5353, [::1]:53)'))),
  STRIPE_SECRET_KEY: optional(z.string().trim().regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_test_..., sk_live_... or rk_...)')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().trim().regex(/^whsec_[A-Za-z0-9_+/=-]+$/, "must be the webhook endpoint's signing secret (whsec_...)")),
  // Events of connected accounts (account.updated) come from a Connect endpoint, which has its own secret.
  STRIPE_CONNECT_WEBHOOK_SECRET: optional(z.string().trim().regex(/^whsec_[A-Za-z0-9_+/=-]+$/, "must be the Connect webhook endpoint's signing secret (whsec_...)")),
  STRIPE_API_BASE: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:12111' })),
  S3_BUCKET: optional(z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens')),
  S3_REGION: optional(z.string().trim().regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as eu-west-2 (use us-east-1 or auto where the service has none)')),
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.eu-west-2.amazonaws.com or http://127.0.0.1:9000' })),
  S3_ACCESS_KEY_ID: optional(z.string().trim().regex(/^[A-Za-z0-9_+=.@-]{3,128}$/, 'must be an access key id (letters and digits)')),
  S3_SECRET_ACCESS_KEY: optional(z.string().trim().min(8, 'must be the secret access key that belongs to S3_ACCESS_KEY_ID')),
  S3_PUBLIC_URL: optional(z.url({ protocol: /^https$/, error: 'must be an https URL (the public address of the bucket or its CDN)' })),
  CATALOGUE_CACHE_SECONDS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(300).default(10),
  SERVER_RENDERING: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  // Observability (decision 055): Prometheus metrics on a listener of their own, none unless a port is
  // given; traces to an OTLP/HTTP collector, whose SDK scripts/start.mjs loads only when the endpoint is set.
  METRICS_PORT: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'must be a port number, or unset to serve no metrics')
    .transform(Number)
    .pipe(z.number().max(65535, 'must be at most 65535'))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  METRICS_HOST: z.string().trim().min(1).max(255).default('127.0.0.1'),
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be the http(s) base URL of an OTLP/HTTP collector, such as http://127.0.0.1:4318' })),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(100, 'must be 100 characters or fewer').default('shop-platform'),
  // OpenTelemetry's own switch: "true" (any case) turns the SDK off whatever else is set.
  OTEL_SDK_DISABLED: z.string().optional(),
  AI_PROVIDER: optional(z.enum(['builtin', 'openai'], { error: 'must be builtin or openai' })),
  OPENAI_API_KEY: optional(z.string().trim().regex(/^\S+$/, 'must be an API key with no spaces')),
  OPENAI_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1 or http://127.0.0.1:11434/v1' })),
  OPENAI_MODEL: optional(z.string().trim().max(120, 'must be 120 characters or fewer')),
  OPENAI_JSON_MODE: optional(z.enum(['json_schema', 'json_object'], { error: 'must be json_schema or json_object' })),
  AI_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(100, 'must be at least 100').max(300_000, 'must be at most 300000').default(20_000),
  AI_FALLBACK: bool.default(true),
  // Web push: the VAPID pair (else generated once and kept in the database), who signs, where to send.
  VAPID_PUBLIC_KEY: optional(z.string().trim().regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a VAPID public key: 87 base64url characters starting with B (npx web-push generate-vapid-keys)')),
  VAPID_PRIVATE_KEY: optional(z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a VAPID private key: 43 base64url characters')),
  VAPID_SUBJECT: optional(z.string().trim().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL where push services can reach you')),
  PUSH_PROVIDER: optional(z.enum(['webpush', 'memory'], { error: 'must be webpush or memory' })),
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .transform((s) => s.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^(\*|(\*\.)?[a-z0-9.-]+(:\d{1,5})?)$/, 'must be a comma-separated list of host names (*.example.com allowed)')))
    .optional(),
  PUSH_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(100, 'must be at least 100').max(60_000, 'must be at most 60000').default(10_000),
  // Pictures named in product imports (decision 025). ALLOW_PRIVATE lets the fetch reach loopback and
  // private networks: for tests and local development only, never on a server others can import to.
  IMPORT_FETCH_ALLOW_PRIVATE: bool.default(false),
  IMPORT_FETCH_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1000, 'must be at least 1000').max(60_000, 'must be at most 60000').default(10_000),
  IMPORT_FETCH_MAX_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1024, 'must be at least 1024')
    .max(MAX_UPLOAD_BYTES, `must be at most ${MAX_UPLOAD_BYTES} (the media upload limit)`)
    .default(MAX_UPLOAD_BYTES),
  // The CRM's Bark lead sheet (issue 16): the published Google Sheets CSV export the 'Sync Bark Leads'
  // dialog starts with (editable there). The fetch follows IMPORT_FETCH_* (private addresses, caps).
  // Checkout recovery emails (decision 048): how many seconds an hour of their schedule lasts (the
  // "Send after" hours and the 7 days after which a checkout is too old). For journeys, which cannot wait
  // hours: never set it on a server shoppers use.
  CHECKOUT_RECOVERY_HOUR_SECONDS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(3600, 'must be at most 3600').default(3600),
  // The daily housekeeping (decision 056) deletes delivered emails older than this many days.
  EMAIL_RETENTION_DAYS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(3650, 'must be at most 3650').default(90),
  CRM_BARK_SHEET_URL: z
    .string()
    .max(2000, 'must be at most 2000 characters')
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
    .default('https://docs.google.com/spreadsheets/d/e/2PACX-your-bark-sheet/pub?gid=0&single=true&output=csv'),
}).superRefine((e, ctx) => {
  if (e.DATABASE_LISTEN_URL && !e.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['DATABASE_LISTEN_URL'], message: 'is for PostgreSQL: set DATABASE_URL too (the embedded database listens in process)' });
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT: metrics are served on a port of their own, never to shoppers' });
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required when the other VAPID key is set: give both keys of one pair, or neither to have them generated' });
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required when STRIPE_SECRET_KEY is set: the signing secret (whsec_...) of the webhook endpoint' });
  }
  const s3Set = [...S3_REQUIRED, 'S3_REGION', 'S3_ENDPOINT', 'S3_PUBLIC_URL'].filter((name) => e[name as keyof typeof e] !== undefined);
  if (s3Set.length) {
    for (const name of S3_REQUIRED) {
      if (e[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `is required for S3-compatible file storage (set because ${s3Set.join(', ')} ${s3Set.length === 1 ? 'is' : 'are'} set)` });
    }
  }
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * PostgreSQL connections per server process, how many requests may wait for one, and for how long;
   * past either bound a request is answered 503 with Retry-After at once instead of queueing. PGlite's
   * queue keeps the same two bounds. A request's statement running past statementTimeoutMs is stopped
   * (503) on PostgreSQL; PGlite cannot stop one (decision 032).
   */
  databasePool: { size: number; queueLimit: number; waitMs: number; statementTimeoutMs: number };
  /**
   * Stopping on SIGTERM or SIGINT (decision 057): drainMs of serving while /readyz answers 503, then at
   * most timeoutMs for in-flight requests, background jobs and connections to finish.
   */
  shutdown: { drainMs: number; timeoutMs: number };
  /** What Caddy's on-demand TLS ask must send as ?token= when it is not a direct loopback caller; null: loopback only. */
  tlsAskToken: string | null;
  platformHost: string;
  platformOwnerEmails: string[];
  /** The platform's support address merchants write to (SUPPORT_EMAIL; default support@ the platform host). */
  supportEmail: string;
  demoPassword: string;
  /** Seed demo data into an empty database. Defaults to on for the embedded database only. */
  seedDemo: boolean;
  /** Secure cookies: forced on/off, or undefined to follow the request's protocol. */
  cookieSecure: boolean | undefined;
  trustProxy: boolean;
  /** Signed-in people may open a shop of their own on a subdomain of the platform (SELF_SERVICE_SHOPS). */
  selfServiceShops: boolean;
  logLevel: string;
  /** Send email through this SMTP server; unset keeps every message in the built-in outbox only. */
  smtpUrl: string | undefined;
  /** Sender address; with no name of its own, each shop's name is shown as the sender's name. */
  emailFrom: { name: string | null; address: string };
  /**
   * Delivered emails (sent through SMTP, or kept by the built-in outbox) older than this many days are
   * deleted by the daily housekeeping (EMAIL_RETENTION_DAYS, decision 056); failed ones are kept.
   */
  emailRetentionDays: number;
  /** The host a sending domain's SPF record includes (EMAIL_SPF_INCLUDE, default _spf.PLATFORM_HOST). */
  emailSpfInclude: string;
  /** DNS servers that check sending-domain records; empty: the machine's own resolver. */
  emailDnsServers: string[];
  /** Stripe Checkout when STRIPE_SECRET_KEY is set; null means the built-in test gateway. */
  stripe: { secretKey: string; webhookSecret: string; connectWebhookSecret?: string; apiBase: string | undefined } | null;
  /** S3-compatible file storage when S3_BUCKET and its keys are set; null keeps files under DATA_DIR/files. */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; publicUrl: string | undefined } | null;
  /** How long the storefront catalogue cache keeps an answer; 0 turns it off (benchmarks of the database). */
  catalogueCacheSeconds: number;
  /** The storefront's first view rendered on the server (issue 29); off serves the bare app shell. */
  serverRendering: boolean;
  /** Prometheus metrics at /metrics on a listener of their own (decision 055); null: none, and no cost. */
  metrics: { port: number; host: string } | null;
  /** Traces sent over OTLP/HTTP (decision 055); null: off, the OpenTelemetry SDK is never loaded. */
  tracing: { endpoint: string; serviceName: string } | null;
  /**
   * AI copy: the built-in writer, or an OpenAI-compatible API (chosen by AI_PROVIDER, else by whether
   * OPENAI_API_KEY is set). With provider openai and no key every AI call answers 503 missing_api_key.
   */
  ai: {
    provider: 'builtin' | 'openai';
    openai: { apiKey: string | null; baseUrl: string; model: string; jsonMode: 'json_schema' | 'json_object' };
    timeoutMs: number;
    /** On a provider failure answer with the built-in writer (fellBack: true); off: 503 ai_unavailable. */
    fallback: boolean;
  };
  /** Web push (modules/notifications, adapters/push). */
  push: {
    /** webpush sends to the browsers' push services; memory keeps pushes in this process (no network). */
    provider: 'webpush' | 'memory';
    /** From VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; null: the pair generated at first boot, kept in the database. */
    vapid: { publicKey: string; privateKey: string } | null;
    /** VAPID_SUBJECT, else mailto: the sender address of EMAIL_FROM. */
    subject: string;
    /** Push service hosts accepted for subscriptions; null: the known browser push services. */
    endpointHosts: string[] | null;
    timeoutMs: number;
  };
  /**
   * Fetching pictures named in product imports: the time and size caps of one picture, and whether
   * private and loopback addresses may be reached (tests and local development only).
   */
  importFetch: { allowPrivate: boolean; timeoutMs: number; maxBytes: number };
  /** The CRM's preset Bark sheet CSV URL (editable in the dialog). */
  crm: { barkSheetUrl: string };
  /**
   * Checkout recovery emails (decision 048): how long an hour of their schedule lasts (3,600,000 ms but
   * in journeys, CHECKOUT_RECOVERY_HOUR_SECONDS) and how often an instance looks for due checkouts.
   */
  checkoutRecovery: { hourMs: number; everyMs: number };
}

export class ConfigError extends Error {}

/**
 * Where the database is, with its credentials: for boot (main.ts) alone. It is kept out of Config,
 * which request code, adapters and error handlers hold (AppDeps.config), so none of them can log,
 * return or leak the database's address (issue 27 item 11).
 */
export interface DatabaseAddress {
  /** The owner's connection (migrations, seed); undefined: the embedded database. */
  url: string | undefined;
  /** Where requests connect as the app role; undefined: derived from url (db/app-login.ts). */
  appUrl: string | undefined;
  /** Where LISTEN connections go (a direct one, past any transaction pooler); undefined: appUrl's. */
  listenUrl: string | undefined;
}

/** The configuration request code may hold: everything but the database's address. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadBootConfig(env).config;
}

/** Parses the environment once. A bad value stops the process with a message naming the variable. */
export function loadBootConfig(env: NodeJS.ProcessEnv = process.env): { config: Config; database: DatabaseAddress } {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      const got = SECRET_VARIABLES.has(name) && env[name] ? 'a value, not shown' : shown(env[name]);
      return `  ${name}: ${i.message} (got ${got})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const database: DatabaseAddress = { url: e.DATABASE_URL, appUrl: e.DATABASE_APP_URL, listenUrl: e.DATABASE_LISTEN_URL };
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databasePool: { size: e.DATABASE_POOL_SIZE, queueLimit: e.DATABASE_QUEUE_LIMIT, waitMs: e.DATABASE_QUEUE_WAIT_MS, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    tlsAskToken: e.TLS_ASK_TOKEN ?? null,
    platformHost: e.PLATFORM_HOST.replace(/:\d+$/, ''),
    platformOwnerEmails: e.PLATFORM_OWNER_EMAILS,
    supportEmail: e.SUPPORT_EMAIL ?? `support@${e.PLATFORM_HOST.replace(/:\d+$/, '')}`,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    selfServiceShops: e.SELF_SERVICE_SHOPS,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    emailFrom: parseFrom(e.EMAIL_FROM, e.PLATFORM_HOST.replace(/:\d+$/, '')),
    emailRetentionDays: e.EMAIL_RETENTION_DAYS,
    emailSpfInclude: e.EMAIL_SPF_INCLUDE ?? `_spf.${e.PLATFORM_HOST.replace(/:\d+$/, '')}`,
    emailDnsServers: e.EMAIL_DNS_SERVERS,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
      : null,
    catalogueCacheSeconds: e.CATALOGUE_CACHE_SECONDS,
    serverRendering: e.SERVER_RENDERING === 'on',
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT && !/^(true|1)$/i.test(e.OTEL_SDK_DISABLED?.trim() ?? '') ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME } : null,
    s3: e.S3_BUCKET ? s3Config(e) : null,
    ai: {
      provider: e.AI_PROVIDER ?? (e.OPENAI_API_KEY ? 'openai' : 'builtin'),
      openai: {
        apiKey: e.OPENAI_API_KEY ?? null,
        baseUrl: e.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
        model: e.OPENAI_MODEL || 'gpt-4o-mini',
        jsonMode: e.OPENAI_JSON_MODE ?? 'json_schema',
      },
      timeoutMs: e.AI_TIMEOUT_MS,
      fallback: e.AI_FALLBACK,
    },
    push: {
      provider: e.PUSH_PROVIDER ?? 'webpush',
      vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null,
      subject: e.VAPID_SUBJECT ?? `mailto:${parseFrom(e.EMAIL_FROM, e.PLATFORM_HOST.replace(/:\d+$/, '')).address}`,
      endpointHosts: e.PUSH_ENDPOINT_HOSTS?.length ? e.PUSH_ENDPOINT_HOSTS : null,
      timeoutMs: e.PUSH_TIMEOUT_MS,
    },
    importFetch: { allowPrivate: e.IMPORT_FETCH_ALLOW_PRIVATE, timeoutMs: e.IMPORT_FETCH_TIMEOUT_MS, maxBytes: e.IMPORT_FETCH_MAX_BYTES },
    crm: { barkSheetUrl: e.CRM_BARK_SHEET_URL },
    // A look every minute, or every 1/60 hour when journeys shorten the hour (at least every second).
    checkoutRecovery: { hourMs: e.CHECKOUT_RECOVERY_HOUR_SECONDS * 1000, everyMs: Math.max(1000, Math.round((e.CHECKOUT_RECOVERY_HOUR_SECONDS * 1000) / 60)) },
  };
  return { config, database };
}

function s3Config(e: z.infer<typeof envSchema>): NonNullable<Config['s3']> {
  const region = e.S3_REGION ?? 'us-east-1';
  return {
    // Without an endpoint, AWS S3 itself in the region.
    endpoint: e.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`,
    bucket: e.S3_BUCKET!,
    region,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    publicUrl: e.S3_PUBLIC_URL,
  };
}

function parseFrom(value: string | undefined, platformHost: string): Config['emailFrom'] {
  const m = value ? FROM.exec(value) : null;
  if (!m) return { name: null, address: `no-reply@${platformHost}` };
  return m[3] ? { name: null, address: m[3] } : { name: m[1].trim() || null, address: m[2] };
}

/** A bad value as the message shows it: a password inside a URL (DATABASE_URL, SMTP_URL) is hidden. */
function shown(value: string | undefined): string {
  return JSON.stringify(value)?.replace(/(\/\/[^/:@\s]*:)[^@/\s]*@/, '$1***@') ?? 'undefined';
}
