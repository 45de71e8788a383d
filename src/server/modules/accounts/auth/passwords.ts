import { hash } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

const ALGORITHMS = { argon2d: 0, argon2i: 1, argon2id: 2 } as const;
const VERSIONS = { '16': 0, '19': 1 } as const;
/** `$argon2id$v=19$m=19456,t=2,p=1$<salt>`: a stored hash without its digest (app_password_salt). */
const SALT_PREFIX = /^\$(argon2id|argon2i|argon2d)\$v=(16|19)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)$/;

/** Parameters and salt for unknown emails, so a miss costs the same as a wrong password. */
let dummyPrefix: Promise<string> | null = null;
function dummySaltPrefix(): Promise<string> {
  dummyPrefix ??= hash('no-such-user-' + Math.random()).then((h) => h.slice(0, h.lastIndexOf('$')));
  return dummyPrefix;
}

/**
 * The stored hash this password would have, computed with the stored parameters and salt (the app
 * role never reads the digest: the database compares, see migration 0012). Unknown email (null
 * prefix) or a prefix we cannot read: the same work against a dummy salt, and null.
 */
export async function candidateHash(saltPrefix: string | null, password: string): Promise<string | null> {
  const m = saltPrefix ? SALT_PREFIX.exec(saltPrefix) : null;
  const prefix = m ? saltPrefix! : await dummySaltPrefix();
  const [, algorithm, version, memoryCost, timeCost, parallelism, salt] = SALT_PREFIX.exec(prefix)!;
  const computed = await hash(password, {
    algorithm: ALGORITHMS[algorithm as keyof typeof ALGORITHMS],
    version: VERSIONS[version as keyof typeof VERSIONS],
    memoryCost: Number(memoryCost),
    timeCost: Number(timeCost),
    parallelism: Number(parallelism),
    salt: Buffer.from(salt, 'base64'),
  });
  return m ? computed : null;
}
