import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTxtResolver, NodeTxtResolver } from './dns';
import { FakeTxtResolver } from './fake-dns';
import { startFakeDnsServer } from './fake-dns-server';

const longKey = 'MII' + 'A'.repeat(380);
let dns: Awaited<ReturnType<typeof startFakeDnsServer>>;

beforeAll(async () => {
  dns = await startFakeDnsServer(
    {
      'shop.example': [['v=spf1 include:_spf.shops.test ~all'], ['google-site-verification=abc']],
      'shop._domainkey.shop.example': [['v=DKIM1; k=rsa; p=' + longKey.slice(0, 200), longKey.slice(200)]],
    },
    ['broken.example'],
  );
});
afterAll(() => dns.close());

describe('NodeTxtResolver (node:dns against a local DNS server)', () => {
  const resolver = () => new NodeTxtResolver([dns.server], { timeoutMs: 1000, tries: 1 });

  it('answers every TXT record of a name, each split into its character-strings', async () => {
    expect(await resolver().resolveTxt('shop.example')).toEqual([['v=spf1 include:_spf.shops.test ~all'], ['google-site-verification=abc']]);
    const [dkim] = await resolver().resolveTxt('shop._domainkey.shop.example');
    expect(dkim.join('')).toBe('v=DKIM1; k=rsa; p=' + longKey);
    expect(dkim).toHaveLength(2);
  });

  it('a name with no records is an empty answer, not an error', async () => {
    expect(await resolver().resolveTxt('_dmarc.shop.example')).toEqual([]);
  });

  it('a server failure throws: the record may exist, nobody can tell', async () => {
    await expect(resolver().resolveTxt('broken.example')).rejects.toMatchObject({ code: expect.stringMatching(/SERVFAIL|ESERVFAIL/) });
  });

  it('EMAIL_DNS_SERVERS chooses the servers', async () => {
    const config = loadConfig({ EMAIL_DNS_SERVERS: dns.server });
    expect(config.emailDnsServers).toEqual([dns.server]);
    expect(await createTxtResolver(config).resolveTxt('shop.example')).toHaveLength(2);
    expect(loadConfig({}).emailDnsServers).toEqual([]);
    expect(() => loadConfig({ EMAIL_DNS_SERVERS: 'dns.example.com' })).toThrow(/EMAIL_DNS_SERVERS/);
  });
});

describe('FakeTxtResolver', () => {
  it('serves what was set, case-insensitively, and fails names told to', async () => {
    const fake = new FakeTxtResolver().set('A.example', 'one', ['two', 'three']).fail('down.example');
    expect(await fake.resolveTxt('a.example')).toEqual([['one'], ['two', 'three']]);
    expect(await fake.resolveTxt('b.example')).toEqual([]);
    await expect(fake.resolveTxt('down.example')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    expect(fake.asked).toEqual(['a.example', 'b.example', 'down.example']);
  });
});
