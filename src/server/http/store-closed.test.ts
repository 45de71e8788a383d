import { describe, expect, it } from 'vitest';
import { isOpenWhileSuspended, renderClosedPage } from './store-closed';

describe('a suspended store', () => {
  it('keeps the admin, sign-in, webhooks and assets open, and closes every storefront path', () => {
    for (const url of ['/admin', '/admin/orders?page=2', '/login', '/api/admin/products', '/api/auth/session', '/api/webhooks/payments/stripe', '/assets/index.js', '/api/tenant/current', '/sw.js']) {
      expect(isOpenWhileSuspended(url), url).toBe(true);
    }
    for (const url of ['/', '/products/mug', '/administrator', '/api/products', '/api/cart', '/api/checkout', '/pay/cs_test_1', '/sitemap.xml', '/api/admins', '/api/tenant/currentx']) {
      expect(isOpenWhileSuspended(url), url).toBe(false);
    }
  });

  it('names the store on its closed page, escaped', () => {
    const page = renderClosedPage('Bob <script>alert(1)</script> & Co');
    expect(page).toContain('This store is closed');
    expect(page).toContain('Bob &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(page).not.toContain('<script>');
  });
});
