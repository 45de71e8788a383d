import type { Scope, UnitOfWork } from '../../db/unit-of-work';
import { platformOwnerScope } from '../../db/privileged-scopes';
import type { Actor } from '../../http/context';
import type { TenantDomain } from '../../../shared/tenants';
import * as repo from './repo';

/** Everything here is for verified platform owners only; routes check that first. */
const ownerScope = (owner: Actor): Scope => platformOwnerScope(owner.userId);

/** Launcher links keep the scheme and port the owner is using, so local hosts like demo.localhost:3000 work. */
export async function listTenantDomains(scopes: UnitOfWork, owner: Actor, origin: { protocol: string; port: string }): Promise<TenantDomain[]> {
  const rows = await scopes.run(ownerScope(owner), ({ tx }) => repo.listDomains(tx));
  const port = origin.port ? `:${origin.port}` : '';
  return rows.map((r) => ({ ...r, url: `${origin.protocol}://${r.domain}${port}` }));
}
