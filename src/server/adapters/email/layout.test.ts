import { describe, expect, it } from 'vitest';
import { renderEmailLayout } from './layout';

describe('email layout', () => {
  const evil = `<script>alert("x")</script> & 'quotes'`;

  it('escapes every value it puts into the HTML', () => {
    const { html } = renderEmailLayout({
      shopName: `Tom's <b>Shop</b>`,
      heading: evil,
      paragraphs: [evil, 'line one\nline two'],
      table: { head: ['Item', 'Price'], rows: [[`<img src=x onerror=alert(1)>`, '£10.00']], foot: [['Total', '£10.00']] },
      button: { label: evil, url: 'https://demo.localhost/orders/1?a=1&b="2"' },
    });
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(html).toContain('Tom&#39;s &lt;b&gt;Shop&lt;/b&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('href="https://demo.localhost/orders/1?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('line one<br />line two');
    expect(html.startsWith('<!doctype html>')).toBe(true);
  });

  it('refuses a button link that is not http(s)', () => {
    expect(() => renderEmailLayout({ shopName: 'S', heading: 'H', paragraphs: [], button: { label: 'Go', url: 'javascript:alert(1)' } })).toThrow(/http/);
  });

  it('gives a plain-text version with the same parts and a lined-up table', () => {
    const { text } = renderEmailLayout({
      shopName: 'Demo Store',
      heading: 'Thank you for your order',
      paragraphs: ['Order ORD-1001 is paid.'],
      table: { head: ['Item', 'Qty', 'Price'], rows: [['Stoneware mug', '2', '£24.00'], ['Tea towel', '1', '£8.50']], foot: [['Total', '', '£32.50']] },
      button: { label: 'View your order', url: 'https://demo.localhost/orders/ORD-1001' },
    });
    expect(text).toBe(
      [
        'Demo Store',
        '',
        'Thank you for your order',
        '========================',
        '',
        'Order ORD-1001 is paid.',
        '',
        'Item           Qty   Price',
        '--------------------------',
        'Stoneware mug    2  £24.00',
        'Tea towel        1   £8.50',
        '--------------------------',
        'Total               £32.50',
        '',
        'View your order: https://demo.localhost/orders/ORD-1001',
        '',
        '-- ',
        'Sent by Demo Store',
        '',
      ].join('\n'),
    );
    expect(text).not.toMatch(/&amp;|<[a-z]/);
  });

  describe('the footer with the store’s details (Settings > Store Info)', () => {
    const store = {
      description: 'Not shown in mail',
      contact_email: 'help@bramble.example',
      contact_phone: '0113 496 0000',
      address: { line1: '1 Mill Lane', line2: 'Unit <4>', city: 'Leeds', postcode: 'LS1 4AP', country: 'United Kingdom' },
      company_number: 'SC123456',
      vat_number: 'GB123456789', vat_registered: true,
    };

    it('gives address, contact and registration in HTML, escaped, with a mailto link', () => {
      const { html } = renderEmailLayout({ shopName: 'Bramble', heading: 'H', paragraphs: [], store });
      expect(html).toContain('Sent by Bramble<br />1 Mill Lane, Unit &lt;4&gt;, Leeds LS1 4AP, United Kingdom<br />');
      expect(html).toContain('<a href="mailto:help@bramble.example" style="color:#6b7280;">help@bramble.example</a> &middot; 0113 496 0000');
      expect(html).toContain('Company no. SC123456 · VAT no. GB123456789');
      expect(html).not.toContain('Not shown in mail');
    });

    it('and in the plain text', () => {
      const { text } = renderEmailLayout({ shopName: 'Bramble', heading: 'H', paragraphs: [], store });
      expect(text.endsWith(['-- ', 'Sent by Bramble', '1 Mill Lane, Unit <4>, Leeds LS1 4AP, United Kingdom', 'Email: help@bramble.example · Phone: 0113 496 0000', 'Company no. SC123456 · VAT no. GB123456789', ''].join('\n'))).toBe(true);
    });

    it('leaves out what the store has not given', () => {
      const { html, text } = renderEmailLayout({ shopName: 'Bramble', heading: 'H', paragraphs: [], store: { ...store, address: null, contact_phone: null, company_number: null, vat_number: null } });
      expect(html).toContain('Sent by Bramble<br /><a href="mailto:help@bramble.example"');
      expect(html).not.toMatch(/Company no|&middot;/);
      expect(text.endsWith('-- \nSent by Bramble\nEmail: help@bramble.example\n')).toBe(true);
    });
  });
});
