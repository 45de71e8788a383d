import type { Db } from '../../../db/connection';
import { DEFAULT_TEMPLATES } from './defaults';
import { upsertDefaults } from './repo';

/**
 * Boot (and the test harness after it empties the tables): the default templates, tenant_id null,
 * written as the code has them. Only the owner connection may: the app role cannot write them.
 */
export function ensureDefaultEmailTemplates(db: Db): Promise<void> {
  return upsertDefaults(db, DEFAULT_TEMPLATES);
}
