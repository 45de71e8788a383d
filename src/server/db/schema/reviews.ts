import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { createdAt, tenantId } from './columns';

// Tables of the reviews module (src/server/modules/reviews).

/** Shopper reviews. New ones wait for moderation; only approved ones are shown and counted. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    customerEmail: text('customer_email').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    createdAt: createdAt(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  },
  (t) => [
    index('reviews_product_idx').on(t.tenantId, t.productId, t.status, t.createdAt),
    index('reviews_status_idx').on(t.tenantId, t.status, t.createdAt),
    check('reviews_rating_check', sql`rating between 1 and 5`),
    check('reviews_status_check', sql`status in ('pending', 'approved', 'rejected')`),
  ],
);
