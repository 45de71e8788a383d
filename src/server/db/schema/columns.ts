import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

// Columns many tables share, spelt once. Not tables: index.ts does not export this file.

/** The store a row belongs to (DESIGN rule 2): never null; the row goes with its store. */
export const tenantId = () => uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' });
/** A sales book's store (decision 027): null for the platform's own book; the row goes with its store. */
export const bookId = () => uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
