import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, type TestApp } from '../../../test/harness';
import type { SearchSuggestions } from '../../../../shared/search';

// Suggestions under the header's search box (issue 27 item 8): products by the search's own matching
// (the last word as a prefix), categories by name, nothing under two characters, one store's only.

let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});

async function suggest(q: string, host = DEMO_HOST): Promise<SearchSuggestions> {
  const res = await call(t.app, 'GET', `/api/search/suggestions?q=${encodeURIComponent(q)}`, { host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchSuggestions;
}

describe('GET /api/search/suggestions', () => {
  it('suggests products as a word is typed, best first, at most five, with price and picture', async () => {
    const typed = await suggest('stonew');
    expect(typed.products.length).toBeGreaterThan(0);
    expect(typed.products.length).toBeLessThanOrEqual(5);
    // Name matches rank first; a description match may follow.
    expect(typed.products[0].name).toMatch(/stoneware/i);
    expect(typed.products[0]).toMatchObject({ slug: expect.any(String), price: expect.any(Number) });
    expect((await suggest('enamel mu')).products.map((p) => p.slug)).toContain('enamel-camping-mug');
  });

  it('suggests categories whose names hold the text', async () => {
    expect((await suggest('kitch')).categories).toEqual([{ name: 'Kitchen & Dining', slug: 'kitchen-dining' }]);
    expect((await suggest('GARDEN')).categories.map((c) => c.slug)).toContain('garden');
  });

  it('suggests nothing under two characters, and refuses a text longer than a search', async () => {
    expect(await suggest('m')).toEqual({ products: [], categories: [] });
    expect(await suggest('   ')).toEqual({ products: [], categories: [] });
    expect((await call(t.app, 'GET', `/api/search/suggestions?q=${'a'.repeat(401)}`)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/search/suggestions?q=mu%00g')).statusCode).toBe(400);
  });

  it("never suggests another store's products or categories", async () => {
    const acme = await suggest('enamel mu', ACME_HOST);
    expect(acme.products.map((p) => p.slug)).not.toContain('enamel-camping-mug');
    expect((await suggest('kitch', ACME_HOST)).categories.some((c) => c.slug === 'kitchen-dining')).toBe(false);
  });
});
