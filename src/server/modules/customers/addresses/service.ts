import type { StoreCtx, StoreTx } from '../../../http/context';
import { AppError, notFound, unauthorized } from '../../../http/errors';
import { ADDRESS_TEXT, SAVED_ADDRESS_LIMIT, type SavedAddress, type SavedAddressInput, type SavedAddressList } from '../../../../shared/saved-addresses';
import { isUuid } from '../../../../shared/ids';
import * as repo from './repo';

// Saved delivery addresses (issue 26 item 2): a signed-in shopper's own, in the store whose host they
// use. Another person's address, or another store's, is the same 404 as a missing one.

function shopper(ctx: StoreCtx): string {
  if (!ctx.actor) throw unauthorized();
  return ctx.actor.userId;
}

/** A person's saved addresses in the ctx's store, the default first (the admin's customer page, their data export). */
export const savedAddressesOf = (ctx: StoreTx, userId: string): Promise<SavedAddress[]> => repo.listAddresses(ctx.tx, ctx.tenantId, userId);

export async function listSaved(ctx: StoreCtx): Promise<SavedAddressList> {
  return { addresses: await repo.listAddresses(ctx.tx, ctx.tenantId, shopper(ctx)) };
}

/** The first address a person saves is their default; asking for default moves it from the old one. */
export async function addSaved(ctx: StoreCtx, input: SavedAddressInput): Promise<SavedAddress> {
  const userId = shopper(ctx);
  const existing = await repo.countAddresses(ctx, userId);
  if (existing >= SAVED_ADDRESS_LIMIT) throw new AppError(409, 'address_limit', ADDRESS_TEXT.limit);
  const isDefault = input.is_default || existing === 0;
  if (isDefault) await repo.clearDefault(ctx, userId);
  return repo.insertAddress(ctx, userId, input, isDefault);
}

export async function updateSaved(ctx: StoreCtx, id: string, input: SavedAddressInput): Promise<SavedAddress> {
  const userId = shopper(ctx);
  const current = isUuid(id) ? await repo.findAddress(ctx, userId, id) : null;
  if (!current) throw notFound(ADDRESS_TEXT.notFound);
  // The default stays the default until another is chosen: unticking it alone would leave none.
  const isDefault = input.is_default || current.is_default;
  if (isDefault && !current.is_default) await repo.clearDefault(ctx, userId);
  return (await repo.updateAddress(ctx, userId, id, input, isDefault))!;
}

export async function deleteSaved(ctx: StoreCtx, id: string): Promise<void> {
  const userId = shopper(ctx);
  const deleted = isUuid(id) ? await repo.deleteAddress(ctx, userId, id) : null;
  if (!deleted) throw notFound(ADDRESS_TEXT.notFound);
  if (deleted.is_default) await repo.promoteNewest(ctx, userId);
}
