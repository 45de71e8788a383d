import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { TxtResolver } from '../../../adapters/dns/dns';
import type { DnsRecord } from '../../../../shared/email-settings';

const generate = promisify(generateKeyPair);

/** The DKIM selector: records live at shop._domainkey.<domain>. One key pair per domain row. */
export const DKIM_SELECTOR = 'shop';
export const DMARC_VALUE = 'v=DMARC1; p=none; adkim=r; aspf=r';

export interface DkimKeyPair {
  /** Base64 of the DER SubjectPublicKeyInfo: the `p=` tag of the DKIM record. */
  publicKey: string;
  /** PKCS#8 PEM, what nodemailer signs with. */
  privateKey: string;
}

/** A fresh RSA 2048 key pair, generated off the event loop (libuv's thread pool). */
export async function generateDkimKeyPair(): Promise<DkimKeyPair> {
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: publicKey.toString('base64'), privateKey };
}

/** The three TXT records a store publishes for a sending domain, none checked yet. */
export function sendingDomainRecords(domain: string, dkimPublicKey: string, spfInclude: string): DnsRecord[] {
  return [
    { type: 'TXT', purpose: 'SPF', name: domain, value: `v=spf1 include:${spfInclude} ~all`, found: null },
    { type: 'TXT', purpose: 'DKIM', name: `${DKIM_SELECTOR}._domainkey.${domain}`, value: `v=DKIM1; k=rsa; p=${dkimPublicKey}`, found: null },
    { type: 'TXT', purpose: 'DMARC', name: `_dmarc.${domain}`, value: DMARC_VALUE, found: null },
  ];
}

/** A DKIM or DMARC record's tags (`k=v; k=v`), whitespace inside values removed (RFC 6376 3.2). */
function tags(value: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) map.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, ''));
  }
  return map;
}

/**
 * Whether one published TXT value does what the record asks (what to expect is read from the record
 * itself, so a record shown to the store keeps verifying if the platform's settings change later):
 * - SPF: an SPF record (only one is allowed per name) that includes the platform's sender;
 * - DKIM: a DKIM key record whose public key is exactly this domain's;
 * - DMARC: any DMARC policy (a stricter one than ours is the owner's choice).
 */
export function recordMatches(record: DnsRecord, published: string): boolean {
  const value = published.trim();
  switch (record.purpose) {
    case 'SPF': {
      const include = record.value.split(' ').find((t) => t.startsWith('include:'));
      const terms = value.toLowerCase().split(/\s+/);
      return terms[0] === 'v=spf1' && terms.some((t) => t.replace(/^[+~?]/, '') === include);
    }
    case 'DKIM': {
      const t = tags(value);
      const expected = tags(record.value).get('p');
      return (t.get('v') ?? 'DKIM1') === 'DKIM1' && (t.get('k') ?? 'rsa') === 'rsa' && !!expected && t.get('p') === expected;
    }
    case 'DMARC':
      return /^v\s*=\s*DMARC1\s*(;|$)/i.test(value);
  }
}

/**
 * Looks every record up and marks whether it is published as asked. A record whose lookup failed
 * (timeout, server failure) counts as not found this time: the store can check again.
 */
export async function checkRecords(resolver: TxtResolver, records: DnsRecord[]): Promise<DnsRecord[]> {
  return Promise.all(
    records.map(async (record) => {
      // A long value comes back as several strings: they are one value joined with nothing between.
      const published = (await resolver.resolveTxt(record.name).catch(() => [] as string[][])).map((strings) => strings.join(''));
      // A name may hold one SPF policy only: with two, receivers treat SPF as broken (RFC 7208 4.5).
      const candidates = record.purpose === 'SPF' ? published.filter((v) => /^v=spf1(\s|$)/i.test(v.trim())) : published;
      const found = record.purpose === 'SPF' ? candidates.length === 1 && recordMatches(record, candidates[0]) : candidates.some((v) => recordMatches(record, v));
      return { ...record, found };
    }),
  );
}
