/** Stock contracts (admin spec §2 Adjust Stock dialog and Low Stock Alert, §3, §5, §9). No Zod here: the
 * answer types come from the schemas in stock-schemas.ts through type-only imports, which the bundler drops. */
import type { z } from 'zod';
import type {
  lowStockItemSchema,
  lowStockListResponse,
  productStockSchema,
  stockMovementCreatedResponse,
  stockMovementPageResponse,
  stockMovementSchema,
} from './stock-schemas';

/** The reasons a person may give for an adjustment, in the dialog's order (admin spec §2). */
export const ADJUSTMENT_REASONS = ['purchase', 'adjustment', 'return', 'damage', 'theft', 'recount'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
export const DEFAULT_ADJUSTMENT_REASON: AdjustmentReason = 'adjustment';

/** Written by checkout when a paid order takes its units (src/server/modules/orders/stock.ts). */
export const SALE_REASON = 'sale';

/** How each ledger reason reads to a person; unknown reasons are shown as they are stored. */
export const STOCK_REASON_LABELS: Record<string, string> = {
  purchase: 'Purchase/Delivery',
  adjustment: 'Manual Adjustment',
  return: 'Customer Return',
  damage: 'Damaged Goods',
  theft: 'Theft/Loss',
  recount: 'Stock Recount',
  [SALE_REASON]: 'Sale',
};

export const stockReasonLabel = (reason: string): string => STOCK_REASON_LABELS[reason] ?? reason;

/** Admin spec §9: highlighted at 5 or fewer units; the banner names the first 3. */
export const LOW_STOCK_THRESHOLD = 5;
export const LOW_STOCK_SHOWN = 3;

/** Largest single change accepted: keeps every sum inside PostgreSQL's integer. */
export const MAX_STOCK_CHANGE = 1_000_000;
export const STOCK_NOTES_MAX = 500;
/** Highest stock a product may hold, well inside PostgreSQL's integer. */
export const MAX_STOCK_QUANTITY = 1_000_000_000;

/** Exact texts of admin spec §5 and §8. */
export const STOCK_TEXT = {
  invalidTitle: 'Invalid quantity',
  nonZero: 'Please enter a non-zero quantity',
  tooLarge: `Enter a change between -${MAX_STOCK_CHANGE.toLocaleString('en-GB')} and ${MAX_STOCK_CHANGE.toLocaleString('en-GB')}`,
  trackingDisabled: 'Inventory tracking is disabled',
  trackingHint: 'Enable tracking to adjust stock levels.',
  reason: 'Choose a reason',
  chooseVariant: "Choose which variant's stock to adjust",
  notesTooLong: `Notes must be ${STOCK_NOTES_MAX} characters or fewer`,
  updated: 'Stock updated',
  failed: 'Failed to adjust stock',
} as const;

/** '+5' / '-2' (the success toast's wording, admin spec §8). */
export const signedChange = (n: number): string => (n > 0 ? `+${n}` : String(n));

/**
 * The dialog's quantity field as typed: a whole number, signed or not, spaces around allowed; anything
 * else (blank, fractions, words, exponents) is NaN. Whether the number is allowed (non-zero, within
 * bounds) is the body schema's to say: stockMovementBody in stock-schemas.ts, on both sides.
 */
export function quantityFromText(text: string): number {
  const trimmed = text.trim();
  return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** POST /api/admin/stock/movements body. */
export interface StockMovementInput {
  product_id: string;
  variant_id?: string | null;
  quantity_change: number;
  reason: AdjustmentReason;
  notes?: string | null;
}

/** One ledger row as the admin reads it. */
export type StockMovement = z.infer<typeof stockMovementSchema>;
export type StockMovementCreated = z.infer<typeof stockMovementCreatedResponse>;
export type StockMovementPage = z.infer<typeof stockMovementPageResponse>;
/** GET /api/admin/products/{id}/stock */
export type ProductStock = z.infer<typeof productStockSchema>;
/** Admin spec §3 Low-stock item. */
export type LowStockItem = z.infer<typeof lowStockItemSchema>;
export type LowStockList = z.infer<typeof lowStockListResponse>;
