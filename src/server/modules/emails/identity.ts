import type { Tx } from '../../db/connection';
import type { SenderIdentity } from '../../adapters/email/email';
import { sendingIdentity } from './domains/repo';

/**
 * Who the current store's mail is from, for the SMTP sender: its newest verified domain's from name
 * and address, and the key that domain's DKIM record publishes. Null without a verified domain (the
 * platform's EMAIL_FROM is used). Runs in the store's scope: the tenant is the transaction's own.
 */
export async function findSenderIdentity(tx: Tx): Promise<SenderIdentity | null> {
  const row = await sendingIdentity(tx);
  if (!row) return null;
  return { name: row.from_name, address: row.from_email, dkim: { domainName: row.domain, keySelector: row.dkim_selector, privateKey: row.dkim_private_key } };
}
