import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATE_KEYS } from '../../../../shared/email-settings';
import { templateProblem } from '../../../../shared/email-template-syntax';
import { renderEmailButton, renderEmailLayout, renderEmailTable } from '../../../adapters/email/layout';
import { DEFAULT_TEMPLATES } from './defaults';
import { htmlToText, renderEmail, renderTemplate } from './render';

/** The demo stores' dispatch time (seed/policies.ts), as their emails state it. */
const ORDER_PROCESSING_TEXT = 'Orders are processed within 1-2 business days';

const evil = `<script>alert("x")</script> & 'quotes'`;
const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;';

describe('renderTemplate', () => {
  it('HTML-escapes every text value in the HTML part, and keeps line breaks as <br />', () => {
    const html = renderTemplate('<p>{{customer_name}}</p><a href="https://x.test/?n={{order_number}}">go</a><p>{{shipping_address}}</p>', {
      customer_name: evil,
      order_number: '1"><img src=x onerror=alert(1)>',
      shipping_address: 'Line 1\nLine 2',
    }, 'html');
    expect(html).toBe(`<p>${escaped}</p><a href="https://x.test/?n=1&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">go</a><p>Line 1<br />Line 2</p>`);
    expect(html).not.toMatch(/<script|<img/);
  });

  it('puts values in the text part as they are', () => {
    expect(renderTemplate('Hi {{customer_name}}, {{total}}', { customer_name: evil, total: '£99.99' }, 'text')).toBe(`Hi ${evil}, £99.99`);
  });

  it('takes a block the rich-text editor put in a paragraph of its own out of that paragraph', () => {
    const table = renderEmailTable({ head: ['Item', 'Qty'], rows: [['Mug', '2']] });
    const source = '<p style="margin: 0px;">Thanks!</p><p> {{order_items}}</p><p>{{order_number}}</p>';
    const email = renderEmail({ subject: 'x', html: source, text: null }, 'Shop', { order_items: table, order_number: 'A-1' });
    expect(email.html).toContain(`<p style="margin: 0px;">Thanks!</p>${table.html}<p>A-1</p>`);
    expect(email.html).not.toContain('<p> <table');
  });

  it('puts blocks in as the server built them: HTML in the HTML part, text in the text part', () => {
    const table = renderEmailTable({ head: ['Item', 'Qty'], rows: [[evil, '5']] });
    expect(renderTemplate('{{order_items}}', { order_items: table }, 'html')).toBe(table.html);
    expect(table.html).toContain(escaped);
    expect(renderTemplate('{{order_items}}', { order_items: table }, 'text')).toBe(table.text);
  });

  it('keeps a section when its flag is true and an inverted one when false; a missing value is empty', () => {
    const source = '{{#was_paid}}paid {{amount_paid}}{{/was_paid}}{{^was_paid}}not charged{{/was_paid}}|{{tracking_reference}}|';
    expect(renderTemplate(source, { was_paid: true, amount_paid: '£5.00' }, 'text')).toBe('paid £5.00||');
    expect(renderTemplate(source, { was_paid: false }, 'text')).toBe('not charged||');
    expect(renderTemplate(source, {}, 'text')).toBe('not charged||');
  });
});

describe('renderEmail', () => {
  const template = { subject: 'Order {{order_number}}\nconfirmed', html: '<p>Hi {{customer_first_name}}</p>', text: null };

  it('puts the HTML in the store layout, makes the subject one line, and text from the HTML when there is none', () => {
    const email = renderEmail(template, 'Demo <Store>', { order_number: 'TEST-001', customer_first_name: evil });
    expect(email.subject).toBe('Order TEST-001 confirmed');
    expect(email.html).toContain('<!doctype html>');
    expect(email.html).toContain('Demo &lt;Store&gt;');
    expect(email.html).toContain(`<p>Hi ${escaped}</p>`);
    expect(email.text).toContain(`Hi ${evil}`);
    expect(email.text.startsWith('Demo <Store>\n\n')).toBe(true);
  });

  it('sends a template that is a whole HTML document as it is', () => {
    const email = renderEmail({ subject: 'S', html: '<!DOCTYPE html><html><body><p>{{shop_name}}</p></body></html>', text: 'T {{shop_name}}' }, 'Demo', {});
    expect(email.html).toBe('<!DOCTYPE html><html><body><p>Demo</p></body></html>');
    expect(email.text).toBe('T Demo\n');
  });

  it('turns HTML into readable text: blocks on lines, links with their address, entities decoded', () => {
    expect(htmlToText('<h1>Hello &amp; welcome</h1><p>Line<br/>two</p><p><a href="https://x.test/?a=1&amp;b=2">Open</a></p><style>p{}</style>')).toBe(
      'Hello & welcome\n\nLine\ntwo\n\nOpen: https://x.test/?a=1&b=2',
    );
  });
});

describe('default templates', () => {
  it('use only the variables their key offers', () => {
    for (const key of DEFAULT_TEMPLATE_KEYS) {
      const t = DEFAULT_TEMPLATES[key];
      for (const source of [t.subject, t.html, t.text ?? '']) expect(templateProblem(source, key), key).toBeNull();
    }
  });

  it('render the order confirmation body exactly as the email was built before templates', () => {
    const summary = { head: ['Item', 'Qty', 'Price'], rows: [['Stoneware mug', '2', '£24.00']], foot: [['Total', '', '£24.00']] };
    const address = 'Ada Lovelace\n12 Analytical Row\nLondon\nSW1A 1AA';
    const before = renderEmailLayout({
      shopName: 'Demo Store',
      heading: 'Thank you for your order, Ada',
      paragraphs: ['Your order ORD-1001 is confirmed and paid.', `${ORDER_PROCESSING_TEXT}. Delivery takes 3-5 business days.`, `Delivering to:\n${address}`],
      table: summary,
    });
    const now = renderEmail(DEFAULT_TEMPLATES.order_confirmation, 'Demo Store', {
      customer_first_name: 'Ada',
      order_number: 'ORD-1001',
      delivery_promise: 'Delivery takes 3-5 business days',
      processing_time: '1-2 business days',
      has_processing_time: true,
      shipping_address: address,
      order_summary: renderEmailTable(summary),
    });
    const body = (html: string) => html.slice(html.indexOf('<h1'), html.indexOf('</td></tr>', html.indexOf('<h1')));
    expect(body(now.html)).toBe(body(before.html));
    expect(now.subject).toBe('Demo Store: order ORD-1001 confirmed');
    // The text part says the same, without the heading's underline.
    expect(now.text).toBe(before.text.replace(/\n=+\n/, '\n'));
  });

  it('the claim email keeps its button with the one-time link', () => {
    const url = 'https://demo.localhost/my-orders?claim=abc';
    const email = renderEmail(DEFAULT_TEMPLATES.order_claim, 'Demo Store', { claim_url: url, claim_button: renderEmailButton({ label: 'Add my orders', url }), link_hours: '24', account_email: 'a@x.test', claim_email: 'b@x.test' });
    expect(email.html).toContain(`href="${url}"`);
    expect(email.text).toContain(`Add my orders: ${url}`);
    expect(email.text).toContain('It works for 24 hours.');
  });
});
