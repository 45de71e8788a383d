import { z } from 'zod';
import { ADJUSTMENT_REASONS, MAX_STOCK_CHANGE, STOCK_NOTES_MAX, STOCK_TEXT, type StockMovementInput } from './stock';

// Zod request schemas for the stock routes, and for the Adjust Stock dialog, which checks its body with
// stockMovementBody. Apart from stock.ts so screens that only need the labels do not pull Zod in.

/**
 * POST /api/admin/stock/movements (admin spec §3 Stock movement, §5). Strict: tenant, actor, resulting
 * quantity and timestamps are the server's; a client naming them is refused with 400.
 */
export const stockMovementBody = z.strictObject({
  product_id: z.string({ error: 'Choose a product' }).min(1, 'Choose a product').max(64),
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
