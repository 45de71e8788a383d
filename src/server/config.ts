import { z } from 'zod';
import path from 'node:path';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  platformHost: string;
  platformOwnerEmails: string[];
  demoPassword: string;
  /** Seed demo data into an empty database. Defaults to on for the embedded database only. */
  seedDemo: boolean;
  /** Secure cookies: forced on/off, or undefined to follow the request's protocol. */
  cookieSecure: boolean | undefined;
  trustProxy: boolean;
  logLevel: string;
}

export class ConfigError extends Error {}

/** Parses the environment once. A bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    platformHost: e.PLATFORM_HOST.replace(/:\d+$/, ''),
    platformOwnerEmails: e.PLATFORM_OWNER_EMAILS,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  };
}
