import { z } from 'zod';
import { paginationSchema } from './pagination';
import { ADJUSTMENT_REASONS, MAX_STOCK_CHANGE, STOCK_NOTES_MAX, STOCK_TEXT, type StockMovementInput } from './stock';

// Zod request and response schemas for the stock routes (the Adjust Stock dialog checks its body with
// stockMovementBody). Apart from stock.ts so screens that only need the labels do not pull Zod in.

/**
 * POST /api/admin/stock/movements (admin spec §3 Stock movement, §5). Strict: tenant, actor, resulting
 * quantity and timestamps are the server's; a client naming them is refused with 400.
 */
export const stockMovementBody = z.strictObject({
  product_id: z.string({ error: 'Choose a product' }).min(1, 'Choose a product').max(64),
  /** Which variant's stock, for a product with variants (its own stock is their sum: decision 042). */
  variant_id: z.string({ error: STOCK_TEXT.chooseVariant }).max(64, STOCK_TEXT.chooseVariant).nullish().transform((v) => v || null),
  quantity_change: z
    .number({ error: STOCK_TEXT.nonZero })
    .int(STOCK_TEXT.nonZero)
    .refine((n) => n !== 0, STOCK_TEXT.nonZero)
    .refine((n) => Math.abs(n) <= MAX_STOCK_CHANGE, STOCK_TEXT.tooLarge),
  reason: z.enum(ADJUSTMENT_REASONS, { error: STOCK_TEXT.reason }),
  notes: z
    .string({ error: STOCK_TEXT.notesTooLong })
    .trim()
    .max(STOCK_NOTES_MAX, STOCK_TEXT.notesTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
});

/** GET /api/admin/products/{id}/stock-movements paging; anything odd falls back to the first page of 20. */
export const stockMovementsQuery = z.object({
  page: z.unknown().optional(),
  limit: z.unknown().optional(),
});

// The hand-written input type in stock.ts must stay the schema's input type.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _bodyMatches: Same<z.input<typeof stockMovementBody>, StockMovementInput> = true;
void _bodyMatches;

// ---- Responses ----

/** One ledger row as the admin reads it. */
export const stockMovementSchema = z.object({
  id: z.string(),
  quantity_change: z.number(),
  reason: z.string(),
  notes: z.string().nullable(),
  resulting_quantity: z.number(),
  created_at: z.string(),
  /** Who adjusted it by hand; null for checkout's own rows. */
  actor_email: z.string().nullable(),
  /** The order a sale belongs to. */
  order_number: z.string().nullable(),
  /** Set when the row moved a variant's own stock rather than the product's. */
  variant_sku: z.string().nullable(),
});

/** POST /api/admin/stock/movements (201) */
export const stockMovementCreatedResponse = z.object({
  movement: stockMovementSchema.omit({ order_number: true, variant_sku: true }).extend({ product_id: z.string() }),
  /** The product's stock after the change (for a product with variants, their new sum). */
  product: z.object({ id: z.string(), name: z.string(), stock_quantity: z.number() }),
  /** The variant whose stock moved, when one did. */
  variant: z.object({ id: z.string(), sku: z.string(), stock_quantity: z.number() }).nullable(),
});

/** GET /api/admin/products/{id}/stock-movements */
export const stockMovementPageResponse = z.object({ movements: z.array(stockMovementSchema), pagination: paginationSchema });

/** GET /api/admin/products/{id}/stock */
export const productStockSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  track_inventory: z.boolean(),
  stock_quantity: z.number().nullable(),
  reserved_quantity: z.number(),
  /** A product with variants keeps its stock on them; its own figures are their sums (decision 042). */
  variants: z.array(
    z.object({
      id: z.string(),
      sku: z.string(),
      options: z.array(z.object({ name: z.string(), value: z.string() })),
      stock_quantity: z.number().nullable(),
      reserved_quantity: z.number(),
    }),
  ),
});
export const productStockResponse = z.object({ product: productStockSchema });

/** Admin spec §3 Low-stock item; GET /api/admin/stock/low-stock */
export const lowStockItemSchema = z.object({ id: z.string(), name: z.string(), sku: z.string(), stock_quantity: z.number() });
export const lowStockListResponse = z.object({ products: z.array(lowStockItemSchema), total: z.number() });
