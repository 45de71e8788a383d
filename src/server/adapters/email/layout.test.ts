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
});
