import type { StoreDirectory } from '../adapters/email/email';
import { allTenantIds, tenantName } from '../modules/tenants';

/** What boot hands the SMTP sender (main.ts): the stores and their names, from the tenants module. */
export const storeDirectory: StoreDirectory = { ids: (tx) => allTenantIds({ tx }), name: (tx, tenantId) => tenantName({ tx, tenantId }) };
