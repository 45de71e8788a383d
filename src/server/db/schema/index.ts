// The database schema, one file per owning module (the OWNER map of src/server/table-ownership.test.ts,
// which also checks that each table sits in its owner's file). drizzle-kit reads this file.
// columns.ts holds shared column helpers and is not exported.
export * from './tenants';
export * from './accounts';
export * from './customers';
export * from './catalogue';
export * from './reviews';
export * from './inventory';
export * from './orders';
export * from './discounts';
export * from './emails';
export * from './notifications';
export * from './limits';
export * from './payments';
export * from './content';
export * from './media';
export * from './imports';
export * from './jobs';
export * from './housekeeping';
export * from './crm';
export * from './adapters-payments';
