import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { StoreCtx } from '../../../http/context';
import { customerAddresses } from '../../../db/schema/index';
import type { SavedAddress, SavedAddressInput } from '../../../../shared/saved-addresses';
import type { Tx } from '../../../db/connection';

const columns = {
  id: customerAddresses.id,
  first_name: customerAddresses.firstName,
  last_name: customerAddresses.lastName,
  company: customerAddresses.company,
  address_line1: customerAddresses.line1,
  address_line2: customerAddresses.line2,
  city: customerAddresses.city,
  postcode: customerAddresses.postcode,
  country: customerAddresses.country,
  phone: customerAddresses.phone,
  is_default: customerAddresses.isDefault,
};

const values = (input: SavedAddressInput) => ({
  firstName: input.first_name,
  lastName: input.last_name,
  company: input.company,
  line1: input.address_line1,
  line2: input.address_line2,
  city: input.city,
  postcode: input.postcode,
  country: input.country,
  phone: input.phone,
});

const owned = (tenantId: string, userId: string) => and(eq(customerAddresses.tenantId, tenantId), eq(customerAddresses.userId, userId));

/** A person's addresses in one store, the default first (also read by the admin's customer page). */
export async function listAddresses(tx: Tx, tenantId: string, userId: string): Promise<SavedAddress[]> {
  return tx.select(columns).from(customerAddresses).where(owned(tenantId, userId)).orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.createdAt), asc(customerAddresses.id));
}

export async function countAddresses(ctx: StoreCtx, userId: string): Promise<number> {
  const [{ n }] = await ctx.tx.select({ n: count() }).from(customerAddresses).where(owned(ctx.tenantId, userId));
  return n;
}

/** Clears the person's default, so another can take it (one default per person and store: a unique index). */
export async function clearDefault(ctx: StoreCtx, userId: string): Promise<void> {
  await ctx.tx.update(customerAddresses).set({ isDefault: false }).where(and(owned(ctx.tenantId, userId), eq(customerAddresses.isDefault, true)));
}

export async function insertAddress(ctx: StoreCtx, userId: string, input: SavedAddressInput, isDefault: boolean): Promise<SavedAddress> {
  const [row] = await ctx.tx.insert(customerAddresses).values({ ...values(input), tenantId: ctx.tenantId, userId, isDefault }).returning(columns);
  return row;
}

export async function updateAddress(ctx: StoreCtx, userId: string, id: string, input: SavedAddressInput, isDefault: boolean): Promise<SavedAddress | null> {
  const [row] = await ctx.tx
    .update(customerAddresses)
    .set({ ...values(input), isDefault, updatedAt: new Date() })
    .where(and(owned(ctx.tenantId, userId), eq(customerAddresses.id, id)))
    .returning(columns);
  return row ?? null;
}

export async function findAddress(ctx: StoreCtx, userId: string, id: string): Promise<SavedAddress | null> {
  const [row] = await ctx.tx.select(columns).from(customerAddresses).where(and(owned(ctx.tenantId, userId), eq(customerAddresses.id, id)));
  return row ?? null;
}

export async function deleteAddress(ctx: StoreCtx, userId: string, id: string): Promise<SavedAddress | null> {
  const [row] = await ctx.tx.delete(customerAddresses).where(and(owned(ctx.tenantId, userId), eq(customerAddresses.id, id))).returning(columns);
  return row ?? null;
}

/** The newest remaining address becomes the default when the default is deleted. */
export async function promoteNewest(ctx: StoreCtx, userId: string): Promise<void> {
  const [newest] = await ctx.tx.select({ id: customerAddresses.id }).from(customerAddresses).where(owned(ctx.tenantId, userId)).orderBy(desc(customerAddresses.createdAt)).limit(1);
  if (newest) await ctx.tx.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, newest.id));
}
