import { z } from 'zod';

// Shops opened by merchants themselves (issue 25 item 3): on the platform's site, a signed-in person
// names a shop and picks its address, a subdomain of the platform; they become its owner.

export const SUBDOMAIN_LIMITS = { min: 3, max: 40 } as const;

/** Names that would pass for the platform itself, its services or other people's business. */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www', 'app', 'api', 'admin', 'administrator', 'assets', 'static', 'cdn', 'files', 'media', 'img', 'images',
  'mail', 'email', 'smtp', 'imap', 'pop', 'mx', 'ftp', 'ssh', 'vpn', 'ns', 'ns1', 'ns2', 'dns',
  'login', 'logout', 'signin', 'signup', 'register', 'account', 'accounts', 'auth', 'oauth', 'sso', 'id',
  'help', 'support', 'status', 'docs', 'blog', 'news', 'about', 'contact', 'legal', 'terms', 'privacy',
  'billing', 'pay', 'payment', 'payments', 'checkout', 'shop', 'shops', 'store', 'stores', 'cart',
  'dashboard', 'console', 'platform', 'owner', 'root', 'system', 'test', 'demo', 'dev', 'staging', 'preview',
  'security', 'abuse', 'postmaster', 'hostmaster', 'webmaster', 'noreply', 'no-reply', 'shopfront', 'localhost',
]);

export const SHOP_TEXT = {
  title: 'Name your shop',
  intro: 'Choose a name and an address. You can change the name later and add your own domain.',
  nameRequired: 'Shop name is required',
  nameTooLong: 'Shop name must be 120 characters or fewer',
  subdomainLength: `Use ${SUBDOMAIN_LIMITS.min} to ${SUBDOMAIN_LIMITS.max} characters`,
  subdomainPattern: 'Use lowercase letters, digits and hyphens, not starting or ending with a hyphen',
  subdomainReserved: 'That address is reserved. Please choose another.',
  subdomainTaken: 'That address is taken. Please choose another.',
  available: 'That address is free',
  created: 'Your shop is ready to set up',
  off: 'Opening a shop yourself is switched off on this platform. Please contact us to open one.',
  rateLimitedAccount: 'You have opened several shops today. Please try again tomorrow.',
  rateLimitedAddress: 'Too many shops have been opened from your network today. Please try again tomorrow.',
} as const;

const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Why a subdomain cannot be a shop's address (format and reserved words), or null when it can. */
export function subdomainProblem(value: string): string | null {
  if (value.length < SUBDOMAIN_LIMITS.min || value.length > SUBDOMAIN_LIMITS.max) return SHOP_TEXT.subdomainLength;
  if (!SUBDOMAIN_PATTERN.test(value) || value.includes('--')) return SHOP_TEXT.subdomainPattern;
  if (RESERVED_SUBDOMAINS.has(value)) return SHOP_TEXT.subdomainReserved;
  return null;
}

const subdomainField = z
  .string({ error: SHOP_TEXT.subdomainLength })
  .trim()
  .toLowerCase()
  .max(200, SHOP_TEXT.subdomainLength)
  .superRefine((value, ctx) => {
    const problem = subdomainProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** POST /api/shops. */
export const createShopBody = z.strictObject({
  name: z.string({ error: SHOP_TEXT.nameRequired }).trim().min(1, SHOP_TEXT.nameRequired).max(120, SHOP_TEXT.nameTooLong),
  subdomain: subdomainField,
});
export type CreateShopBody = z.infer<typeof createShopBody>;

/** GET /api/shops/subdomain?subdomain=: the live check as the merchant types. */
export const subdomainQuery = z.strictObject({ subdomain: z.string().max(200).default('') });
export const subdomainCheckResponse = z.object({
  subdomain: z.string(),
  /** The full host name the shop would have, such as fern-pottery.shopfront.example. */
  domain: z.string(),
  available: z.boolean(),
  /** Why not, or the "free" line. */
  message: z.string(),
});
export type SubdomainCheck = z.infer<typeof subdomainCheckResponse>;

export const createShopResponse = z.object({ tenant: z.object({ id: z.string(), name: z.string(), slug: z.string(), domain: z.string() }) });
export type CreateShopResponse = z.infer<typeof createShopResponse>;
