import type { TenantCtx } from '../../../http/context';
import { badRequest, conflict } from '../../../http/errors';
import { poundsToPence } from '../../../../shared/money';
import { PRODUCT_ERRORS, type VariantInput } from '../../../../shared/admin-products';
import * as repo from './repo';
import { recordFormAdjustment } from '../../inventory';

/**
 * Makes the product's variants exactly the rows sent, in that order (position). Rows with an id change
 * that variant, rows without one are added, variants left out are removed. The storefront shows each
 * as a button labelled by its option values (VariantPicker), so options are kept as name/value pairs.
 * Stock the form changes goes into the ledger per variant. A variant may show one of the product's
 * own pictures (image_id: null unlinks it, left out keeps the current one). Runs inside the product's
 * transaction: a refusal here rolls the whole save back.
 */
export async function saveVariants(ctx: TenantCtx, productId: string, rows: VariantInput[]): Promise<void> {
  const current = new Map((await repo.listVariants(ctx, productId)).map((v) => [v.id, v]));
  // Another product's or another store's picture is refused like a made-up id (no hint it exists).
  const pictures = rows.some((row) => row.image_id) ? await repo.productImageIds(ctx, productId) : new Set<string>();
  const fields: Record<string, string> = {};
  rows.forEach((row, i) => {
    const existing = row.id ? current.get(row.id.toLowerCase()) : undefined;
    if (row.id && !existing) fields[`variants.${i}.id`] = PRODUCT_ERRORS.variantUnknown;
    if (row.image_id && !pictures.has(row.image_id.toLowerCase())) fields[`variants.${i}.image_id`] = PRODUCT_ERRORS.variantImage;
    if (existing && row.stock_quantity != null && row.stock_quantity < existing.reserved_quantity) {
      fields[`variants.${i}.stock_quantity`] = `Stock cannot be lower than the ${existing.reserved_quantity} unit(s) held by unpaid checkouts`;
    }
  });
  const keptIds = new Set(rows.flatMap((row) => (row.id ? [row.id.toLowerCase()] : [])));
  const removed = [...current.values()].filter((v) => !keptIds.has(v.id));
  if (removed.some((v) => v.reserved_quantity > 0)) fields.variants = 'A variant in a checkout waiting for payment cannot be removed yet';
  if (Object.keys(fields).length) throw badRequest('Some fields are missing or invalid.', fields);

  const taken = await repo.variantSkusTaken(ctx, rows.map((r) => r.sku), productId);
  const clash = rows.findIndex((r) => taken.has(r.sku));
  if (clash >= 0) throw conflict('already_used', PRODUCT_ERRORS.variantSkuTaken, { [`variants.${clash}.sku`]: PRODUCT_ERRORS.variantSkuTaken });

  await repo.deleteVariants(ctx, removed.map((v) => v.id));
  // SKUs that change are parked first, so two rows swapping SKUs never meet the unique index midway.
  for (const row of rows) {
    const existing = row.id ? current.get(row.id.toLowerCase()) : undefined;
    if (existing && existing.sku !== row.sku) await repo.parkVariantSku(ctx, existing.id);
  }
  for (const [position, row] of rows.entries()) {
    const existing = row.id ? current.get(row.id.toLowerCase()) : undefined;
    const write: repo.VariantWrite = {
      sku: row.sku,
      price: poundsToPence(row.price),
      sale_price: row.sale_price == null ? null : poundsToPence(row.sale_price),
      stock_quantity: row.stock_quantity ?? null,
      options: row.options,
      position,
      image_id: row.image_id === undefined ? (existing?.image_id ?? null) : (row.image_id?.toLowerCase() ?? null),
    };
    const variantId = existing ? existing.id : await repo.insertVariant(ctx, productId, write);
    if (existing) await repo.updateVariant(ctx, existing.id, write);
    const change = (write.stock_quantity ?? 0) - (existing?.stock_quantity ?? 0);
    if (change !== 0) await recordFormAdjustment(ctx, { productId, variantId, change, resulting: write.stock_quantity ?? 0, notes: repo.FORM_STOCK_NOTE });
  }
}
