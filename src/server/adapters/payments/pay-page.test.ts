import { describe, expect, it } from 'vitest';
import { renderNoticePage, renderPayPage, type PayPageView } from './pay-page';

// The seller block under the pay page (issue 13): who is being paid and how to reach them, from
// Settings > Store Info. The page itself is tested through its routes in test-gateway.test.ts.
const view: PayPageView = {
  sessionId: 'cs_test_x',
  shopName: 'Bramble & Oak',
  orderNumber: 'ABCD-2345',
  customerEmail: 'ada@example.test',
  lines: [{ name: 'Mug', quantity: 1, unit_amount: 1200 }],
  deliveryName: 'Standard',
  deliveryAmount: 399,
  total: 1599,
};
const store = {
  description: null,
  contact_email: 'help@bramble.example',
  contact_phone: '0113 496 0000',
  address: { line1: '1 Mill Lane', line2: null, city: 'Leeds', postcode: 'LS1 4AP', country: 'United Kingdom' },
  company_number: '01234567',
  vat_number: 'GB123456789', vat_registered: true,
};

describe('the pay page seller block', () => {
  it('names the store’s contact, address and registration, escaped', () => {
    const html = renderPayPage({ ...view, store });
    expect(html).toContain('<footer class="seller" aria-label="About Bramble &amp; Oak">');
    expect(html).toContain('Questions about this order? Contact Bramble &amp; Oak: <a href="mailto:help@bramble.example">help@bramble.example</a> · 0113 496 0000');
    expect(html).toContain('<p>1 Mill Lane, Leeds LS1 4AP, United Kingdom</p>');
    expect(html).toContain('<p>Company no. 01234567 · VAT no. GB123456789</p>');
  });

  it('is left out when the store has given nothing, or is not known', () => {
    const none = { ...store, contact_email: null, contact_phone: null, address: null, company_number: null, vat_number: null };
    expect(renderPayPage({ ...view, store: none })).not.toContain('class="seller"');
    expect(renderPayPage(view)).not.toContain('class="seller"');
    expect(renderNoticePage({ shopName: null, tone: 'neutral', title: 'Gone', message: 'x', store })).not.toContain('class="seller"');
  });

  it('appears on the notice pages of a known store too', () => {
    expect(renderNoticePage({ shopName: 'Bramble', tone: 'success', title: 'Paid', message: 'Thanks', store: { ...store, address: null } })).toContain('Contact Bramble:');
  });
});
