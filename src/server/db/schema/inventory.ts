import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products, productVariants } from './catalogue';
import { tenantId } from './columns';
import { orders } from './orders';

// Tables of the inventory module (src/server/modules/inventory): the stock ledger. Stock levels themselves
// are columns of products and product_variants (catalogue.ts), which inventory may write (SHARED in
// src/server/table-ownership.test.ts).

/**
 * Append-only stock ledger: every change to a tracked product's or variant's stock, with who, why and
 * the quantity it left. Checkout sales and admin adjustments both write here. The app's database role
 * may insert and read rows but not change or delete them (migration *_stock_ledger.sql); rows still go with their
 * product, since foreign-key cascades run as the table owner.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    reason: text('reason').notNull(),
    notes: text('notes'),
    resultingQuantity: integer('resulting_quantity').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Copied when written: the ledger names the order without reading the orders module's table. */
    orderNumber: text('order_number'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    // clock_timestamp(), not now(): the row is written after the product's row lock is taken, so the
    // ledger sorts in the order the changes were really applied, even when transactions overlap.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.tenantId, t.productId, t.createdAt),
    check('stock_movements_change_check', sql`change <> 0`),
    check('stock_movements_resulting_check', sql`resulting_quantity >= 0`),
  ],
);
