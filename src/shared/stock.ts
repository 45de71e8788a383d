/** Stock contracts (admin spec §2 Adjust Stock dialog and Low Stock Alert, §3, §5, §9). No Zod here. */

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
  quantity_change: number;
  reason: AdjustmentReason;
  notes?: string | null;
}

/** One ledger row as the admin reads it. */
export interface StockMovement {
  id: string;
  quantity_change: number;
  reason: string;
  notes: string | null;
  resulting_quantity: number;
  created_at: string;
  /** Who adjusted it by hand; null for checkout's own rows. */
  actor_email: string | null;
  /** The order a sale belongs to. */
  order_number: string | null;
  /** Set when the row moved a variant's own stock rather than the product's. */
  variant_sku: string | null;
}

export interface StockMovementCreated {
  movement: Omit<StockMovement, 'order_number' | 'variant_sku'> & { product_id: string };
  product: { id: string; name: string; stock_quantity: number };
}

export interface StockMovementPage {
  movements: StockMovement[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

/** GET /api/admin/products/{id}/stock */
export interface ProductStock {
  id: string;
  name: string;
  sku: string;
  track_inventory: boolean;
  stock_quantity: number | null;
  reserved_quantity: number;
}

/** Admin spec §3 Low-stock item. */
export interface LowStockItem {
  id: string;
  name: string;
  sku: string;
  stock_quantity: number;
}

export interface LowStockList {
  products: LowStockItem[];
  total: number;
}
