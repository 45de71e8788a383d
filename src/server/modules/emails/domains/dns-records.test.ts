import { createPublicKey, createPrivateKey } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeTxtResolver } from '../../../adapters/dns/fake-dns';
import { checkRecords, DMARC_VALUE, generateDkimKeyPair, recordMatches, sendingDomainRecords, type DkimKeyPair } from './dns-records';

let keys: DkimKeyPair;
beforeAll(async () => {
  keys = await generateDkimKeyPair();
});

const records = () => sendingDomainRecords('shop.example', keys.publicKey, '_spf.shops.test');
/** A value as a DNS host would split it: strings of at most 255 characters. */
const split = (value: string) => value.match(/.{1,255}/g)!;

function publishAll(dns: FakeTxtResolver) {
  const [spf, dkim, dmarc] = records();
  return dns.set(spf.name, spf.value, 'google-site-verification=xyz').set(dkim.name, split(dkim.value)).set(dmarc.name, dmarc.value);
}

describe('DKIM key pair', () => {
  it('is RSA 2048: the public half in the record, the private half a PKCS#8 PEM that matches it', () => {
    const pub = createPublicKey({ key: Buffer.from(keys.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(pub.asymmetricKeyType).toBe('rsa');
    expect(pub.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(keys.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const derived = createPublicKey(createPrivateKey(keys.privateKey)).export({ type: 'spki', format: 'der' }).toString('base64');
    expect(derived).toBe(keys.publicKey);
  });

  it('is new for every domain', async () => {
    expect((await generateDkimKeyPair()).publicKey).not.toBe(keys.publicKey);
  });
});

describe('sending-domain records', () => {
  it('asks for SPF at the domain, DKIM under the shop selector and DMARC, none checked yet', () => {
    expect(records()).toEqual([
      { type: 'TXT', purpose: 'SPF', name: 'shop.example', value: 'v=spf1 include:_spf.shops.test ~all', found: null },
      { type: 'TXT', purpose: 'DKIM', name: 'shop._domainkey.shop.example', value: `v=DKIM1; k=rsa; p=${keys.publicKey}`, found: null },
      { type: 'TXT', purpose: 'DMARC', name: '_dmarc.shop.example', value: DMARC_VALUE, found: null },
    ]);
  });

  it('all verify with the fake resolver when published as shown, a long DKIM key split into strings', async () => {
    const dns = publishAll(new FakeTxtResolver());
    expect(split(records()[1].value).length).toBeGreaterThan(1);
    const checked = await checkRecords(dns, records());
    expect(checked.map((r) => [r.purpose, r.found])).toEqual([['SPF', true], ['DKIM', true], ['DMARC', true]]);
  });

  it('nothing published: nothing found', async () => {
    const checked = await checkRecords(new FakeTxtResolver(), records());
    expect(checked.every((r) => r.found === false)).toBe(true);
  });

  it('another domain’s DKIM key does not verify this one', async () => {
    const other = await generateDkimKeyPair();
    const dns = publishAll(new FakeTxtResolver()).set('shop._domainkey.shop.example', split(`v=DKIM1; k=rsa; p=${other.publicKey}`));
    const [, dkim] = await checkRecords(dns, records());
    expect(dkim.found).toBe(false);
  });

  it('a lookup that fails counts as not found, and the others are still checked', async () => {
    const dns = publishAll(new FakeTxtResolver()).fail('_dmarc.shop.example');
    expect((await checkRecords(dns, records())).map((r) => r.found)).toEqual([true, true, false]);
  });

  it('SPF: must include the platform, and be the name’s only SPF policy', async () => {
    const [spf] = records();
    expect(recordMatches(spf, 'v=spf1 include:_spf.google.com include:_spf.shops.test -all')).toBe(true);
    expect(recordMatches(spf, 'v=spf1 +include:_spf.shops.test ~all')).toBe(true);
    expect(recordMatches(spf, 'v=spf1 include:_spf.google.com ~all')).toBe(false);
    expect(recordMatches(spf, 'include:_spf.shops.test')).toBe(false);
    const two = new FakeTxtResolver().set('shop.example', spf.value, 'v=spf1 include:_spf.google.com ~all');
    expect((await checkRecords(two, [spf]))[0].found).toBe(false);
  });

  it('DKIM: whitespace inside the key and tag order do not matter; a revoked key (empty p=) does', () => {
    const [, dkim] = records();
    const spaced = keys.publicKey.replace(/(.{60})/g, '$1 ');
    expect(recordMatches(dkim, `k=rsa; v=DKIM1; p=${spaced}`)).toBe(true);
    expect(recordMatches(dkim, `p=${keys.publicKey}`)).toBe(true);
    expect(recordMatches(dkim, 'v=DKIM1; k=rsa; p=')).toBe(false);
    expect(recordMatches(dkim, `v=DKIM1; k=ed25519; p=${keys.publicKey}`)).toBe(false);
  });

  it('DMARC: any DMARC policy will do, anything else will not', () => {
    const [, , dmarc] = records();
    expect(recordMatches(dmarc, 'v=DMARC1; p=reject; rua=mailto:d@shop.example')).toBe(true);
    expect(recordMatches(dmarc, 'v=spf1 ~all')).toBe(false);
    expect(recordMatches(dmarc, 'v=DMARC10; p=none')).toBe(false);
  });
});
