import type { TenantCtx } from '../../../http/context';
import type { RowError } from '../../../../shared/import/rows';
import { fieldHeader } from '../../../../shared/import/mapping';
import { slugify } from '../../../../shared/slugify';
import { slugOwners } from './apply-reads';
import type { ProductValues } from './apply-writes';
import type { StoredProduct } from './apply-reads';

// Slugs for a chunk of imported products: a slug the file gives must be free in the store (and not
// given to another product of the chunk); a new product without one gets slugify(name), made unique
// with -2, -3... Candidates are looked up a few at a time per product, so a chunk costs one query
// (rarely more), not one per product.

interface SlugPlan {
  draft: { line: number; name: string; slug?: string | null };
  current: StoredProduct | undefined;
  next: ProductValues;
}

const TRIES = 5;
const message = (slug: string) => `Slug "${slug}" is already used by another product in your store`;

/** Sets plan.next.slug on every plan; answers the plans whose given slug is taken, with their error. */
export async function chooseSlugs<P extends SlugPlan>(ctx: TenantCtx, plans: readonly P[]): Promise<[P, RowError][]> {
  const given = plans.filter((p) => p.draft.slug != null && p.draft.slug !== p.current?.slug);
  const generated = plans.filter((p) => !p.current && p.draft.slug == null);
  const baseOf = new Map(generated.map((p) => [p, (slugify(p.draft.name) || 'product').slice(0, 180)]));
  const candidates = (p: P, from: number) => Array.from({ length: TRIES }, (_, i) => (from + i === 1 ? baseOf.get(p)! : `${baseOf.get(p)!}-${from + i}`));

  const owners = await slugOwners(ctx, [...given.map((p) => p.draft.slug!), ...generated.flatMap((p) => candidates(p, 1))]);
  const claimed = new Set<string>();
  const errors: [P, RowError][] = [];
  for (const p of given) {
    const slug = p.draft.slug!;
    const owner = owners.get(slug);
    if ((owner !== undefined && owner !== p.current?.id) || claimed.has(slug)) {
      errors.push([p, { line: p.draft.line, column: fieldHeader('slug'), field: 'slug', message: message(slug) }]);
      continue;
    }
    claimed.add(slug);
    p.next.slug = slug;
  }
  let pending = generated;
  for (let from = 1; pending.length > 0; from += TRIES) {
    if (from > 1) for (const [slug, id] of await slugOwners(ctx, pending.flatMap((p) => candidates(p, from)))) owners.set(slug, id);
    const left: P[] = [];
    for (const p of pending) {
      const free = candidates(p, from).find((s) => !owners.has(s) && !claimed.has(s));
      if (free === undefined) left.push(p);
      else {
        claimed.add(free);
        p.next.slug = free;
      }
    }
    pending = left;
  }
  return errors;
}
