import { randomBytes, randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../../db/unique-violation';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Actor, StoreTx } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { confirmationLink, emailConfirmed, insertMembership, sendEmailConfirmation, setActiveTenant } from '../accounts';
import type { EmailSender } from '../../adapters/email/email';
import { spendPlatformAllowance, type Limit } from '../limits';
import { insertStarterDeliveryOption } from '../orders';
import { domainTaken, insertDomain, insertTenant, slugTaken } from '../tenants';
import { SHOP_TEXT, subdomainProblem, type CreateShopBody, type CreateShopResponse, type SubdomainCheck } from '../../../shared/shops';

// Shops opened by merchants themselves (issue 25 item 3). The new store is created in a transaction
// scoped to its own id (chosen here): the only store row-level security lets that scope add
// (migration 0029); the person becomes its owner; it starts unlaunched with a delivery
// option to confirm, like a store the platform owner opens. The session then works in it, so the
// platform host's /admin is the new store's admin with its checklist.

const DAY_MS = 24 * 3600_000;
const PER_ACCOUNT: Limit = { bucket: 'shop_open_account', max: 3, windowMs: DAY_MS, message: SHOP_TEXT.rateLimitedAccount };
const PER_ADDRESS: Limit = { bucket: 'shop_open_address', max: 5, windowMs: DAY_MS, message: SHOP_TEXT.rateLimitedAddress };

export interface NewShopDeps {
  scopes: UnitOfWork;
  platformHost: string;
  selfServiceShops: boolean;
  mail: EmailSender;
  /** Signs the "confirm your email" link. */
  secret: string;
  /** The platform's own address as the request reached it (scheme, host, port). */
  origin: string;
}

const hostOf = (deps: NewShopDeps, subdomain: string) => `${subdomain}.${deps.platformHost}`;
const taken = () => conflict('domain_taken', SHOP_TEXT.subdomainTaken, { subdomain: SHOP_TEXT.subdomainTaken });

function refuseIfOff(deps: NewShopDeps): void {
  if (!deps.selfServiceShops) throw new AppError(403, 'forbidden', SHOP_TEXT.off);
}

/** GET /api/shops/subdomain: is this address possible and free? (Free now: the create still checks.) */
export async function checkSubdomain(deps: NewShopDeps, actor: Actor, raw: string): Promise<SubdomainCheck> {
  refuseIfOff(deps);
  const subdomain = raw.trim().toLowerCase();
  const domain = hostOf(deps, subdomain);
  const problem = subdomainProblem(subdomain);
  if (problem) return { subdomain, domain, available: false, message: problem };
  const used = await deps.scopes.run({ tenantId: null, userId: actor.userId }, (work) => domainTaken(work, domain));
  return { subdomain, domain, available: !used, message: used ? SHOP_TEXT.subdomainTaken : SHOP_TEXT.available };
}


/**
 * POST /api/shops. Both allowances are spent first, in a transaction of their own, so a refused or
 * failed attempt still counts. Two people taking one address at once: the domain's unique index lets
 * one in, the other gets the same 409 as a taken address.
 */
export async function openShop(deps: NewShopDeps, actor: Actor, clientAddress: string, body: CreateShopBody): Promise<CreateShopResponse> {
  refuseIfOff(deps);
  await deps.scopes.run({ tenantId: null, userId: actor.userId }, async ({ tx }) => {
    await spendPlatformAllowance(tx, PER_ACCOUNT, actor.userId);
    await spendPlatformAllowance(tx, PER_ADDRESS, clientAddress);
  });
  const domain = hostOf(deps, body.subdomain);
  const id = randomUUID();
  try {
    return await deps.scopes.run({ tenantId: id, userId: actor.userId }, async (work) => {
      const { tx } = work;
      const store: StoreTx = { tx, tenantId: id };
      if (await domainTaken(work, domain)) throw taken();
      const slug = (await slugTaken(work, body.subdomain)) ? `${body.subdomain}-${randomBytes(3).toString('hex')}` : body.subdomain;
      const tenant = await insertTenant(work, { id, name: body.name, slug, launched: false });
      await insertDomain(store, domain);
      await insertMembership(store, actor.userId, 'owner');
      await insertStarterDeliveryOption(store);
      await setActiveTenant(work, actor.sessionId, id);
      // The shop opens to shoppers only once its owner's email is known to reach them.
      if (!(await emailConfirmed(tx, actor.userId))) {
        const link = confirmationLink(deps.secret, deps.origin, actor.userId, actor.email);
        await sendEmailConfirmation(work, deps.mail, { tenantId: id, shopName: tenant.name, to: actor.email, link });
      }
      return { tenant: { id, name: tenant.name, slug: tenant.slug, domain } };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}
