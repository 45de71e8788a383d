import { describe, expect, it } from 'vitest';
import { LEGAL_PAGES, LEGAL_PAGE_KINDS, legalPageBody, type LegalFacts, type LegalPageKind } from './legal-templates';

const facts = (overrides: Partial<LegalFacts> = {}): LegalFacts => ({
  storeName: 'Demo Store',
  contactEmail: 'hello@demo.example',
  contactPhone: '01632 960123',
  addressLines: ['1 High Street', 'Bristol', 'BS1 1AA'],
  companyNumber: '01234567',
  vatNumber: 'GB123456789',
  returnsDays: 30,
  refundDays: { min: 5, max: 7 },
  deliveryNote: 'We dispatch on weekdays.',
  deliveryOptions: [
    { name: 'Standard', priceText: '£3.99', daysText: '3-5 business days', freeOverText: '£100.00' },
    { name: 'Next day', priceText: '£6.99', daysText: '1 business day', freeOverText: null },
  ],
  ...overrides,
});

/** Facts with every optional detail missing or blank. */
const bare = facts({
  contactEmail: null,
  contactPhone: '  ',
  addressLines: ['', '   '],
  companyNumber: null,
  vatNumber: '',
  returnsDays: null,
  refundDays: null,
  deliveryNote: null,
  deliveryOptions: [],
});

const ALLOWED_TAGS = new Set(['p', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'blockquote']);

const headings = (html: string) => [...html.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1]);
/** The visible text, to look for words without tags in the way. */
const text = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');

const EXPECTED_HEADINGS: Record<LegalPageKind, string[]> = {
  terms: ['Who we are', 'Ordering and your contract with us', 'Prices and payment', 'Delivery', 'Your right to cancel', 'Faulty goods', 'Our liability', 'Law and courts', 'Contact us'],
  privacy: ['Who we are', 'The data we collect', 'How we use your data and why', 'Who we share it with', 'How long we keep it', 'Your rights', 'Complaints', 'Contact us'],
  returns: ['Our returns policy', 'Your right to cancel', 'Items we cannot take back', 'Faulty or incorrect items', 'How to return an item', 'Refunds', 'Contact us'],
  delivery: ['Delivery options', 'Where and when we deliver', 'If you are out', 'Damaged or missing parcels', 'Risk and ownership', 'Contact us'],
};

describe('LEGAL_PAGES', () => {
  it('has a title and default slug for each kind', () => {
    expect(LEGAL_PAGE_KINDS).toEqual(['terms', 'privacy', 'returns', 'delivery']);
    expect(LEGAL_PAGES).toEqual({
      terms: { title: 'Terms and conditions', slug: 'terms' },
      privacy: { title: 'Privacy policy', slug: 'privacy' },
      returns: { title: 'Returns and refunds', slug: 'returns' },
      delivery: { title: 'Delivery information', slug: 'delivery' },
    });
  });
});

describe('legalPageBody', () => {
  it.each(LEGAL_PAGE_KINDS)('%s has its sections and the store name', (kind) => {
    const html = legalPageBody(kind, facts());
    expect(headings(html)).toEqual(EXPECTED_HEADINGS[kind]);
    expect(html).toContain('Demo Store');
  });

  it.each(LEGAL_PAGE_KINDS)('%s uses only the editor’s tags, nested properly, and no attribute but href', (kind) => {
    for (const input of [facts(), bare]) {
      const html = legalPageBody(kind, input);
      const open: string[] = [];
      for (const [, closing, tag, attributes] of html.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>/gi)) {
        expect(ALLOWED_TAGS, `<${tag}>`).toContain(tag);
        if (closing) {
          expect(open.pop(), `</${tag}>`).toBe(tag);
          expect(attributes).toBe('');
        } else {
          open.push(tag);
          expect(attributes, `<${tag}${attributes}>`).toMatch(tag === 'a' ? /^ href="[^"<>]*"$/ : /^$/);
        }
      }
      expect(open).toEqual([]);
      // No "<" that is not one of the tags read above.
      expect(html.replace(/<\/?[a-z0-9]+[^>]*>/gi, '')).not.toMatch(/[<>]/);
      // Links go only to mail, the ICO or another of the shop's pages.
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(mailto:|https:\/\/ico\.org\.uk$|\/pages\/[a-z]+$)/);
    }
  });

  it('escapes everything the merchant typed', () => {
    const evil = 'Bob\'s <script>alert("x")</script> & Co';
    const input = facts({
      storeName: evil,
      contactEmail: 'a"onmouseover="x@evil.example',
      contactPhone: '<b>0800</b>',
      addressLines: ['<i>1 Road</i>'],
      companyNumber: '<em>1</em>',
      vatNumber: '"GB1"',
      deliveryNote: `Note ${evil}`,
      deliveryOptions: [{ name: evil, priceText: '<£1>', daysText: '"soon"', freeOverText: '<£50>' }],
    });
    const escaped = 'Bob&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co';
    for (const kind of LEGAL_PAGE_KINDS) {
      const html = legalPageBody(kind, input);
      expect(html).not.toContain('<script');
      expect(html).not.toContain('alert("x")');
      expect(html).not.toMatch(/<(b|i)>/);
      expect(html).not.toContain('onmouseover="');
      expect(html).toContain('href="mailto:a&quot;onmouseover=&quot;x@evil.example"');
      expect(html).toContain(escaped);
    }
    const terms = legalPageBody('terms', input);
    expect(terms).toContain('Company number: &lt;em&gt;1&lt;/em&gt;');
    expect(terms).toContain('VAT number: &quot;GB1&quot;');
    const delivery = legalPageBody('delivery', input);
    expect(delivery).toContain(`<strong>${escaped}</strong>: &lt;£1&gt;, &quot;soon&quot;, free on orders over &lt;£50&gt;`);
    expect(delivery).toContain(`<p>Note ${escaped}</p>`);
  });

  it('states the store’s returns window, or that there is none beyond the law', () => {
    const thirty = text(legalPageBody('returns', facts({ returnsDays: 30 })));
    expect(thirty).toContain('You can return most items within 30 days of delivery for a refund');
    expect(thirty).not.toContain('does not offer returns');

    const none = text(legalPageBody('returns', facts({ returnsDays: null })));
    expect(none).toContain('We do not offer returns beyond what the law requires');
    expect(none).not.toContain('You can return most items');
    // The statutory right is there either way.
    for (const body of [thirty, none]) {
      expect(body).toContain('Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013');
      expect(body).toContain('You have 14 days after the day you receive your goods to tell us. You then have a further 14 days');
      expect(body).toContain('Consumer Rights Act 2015');
      expect(body).toMatch(/personalised.*perishable.*hygiene/);
    }
  });

  it('states the refund time as a range, a single figure or not at all, always with the legal maximum', () => {
    const range = text(legalPageBody('returns', facts({ refundDays: { min: 5, max: 7 } })));
    expect(range).toContain('We refund you within 5-7 business days of receiving the return.');

    const single = text(legalPageBody('returns', facts({ refundDays: { min: 3, max: 3 } })));
    expect(single).toContain('We refund you within 3 business days of receiving the return.');
    expect(single).not.toContain('3-3');

    const unstated = text(legalPageBody('returns', facts({ refundDays: null })));
    expect(unstated).not.toContain('business day');

    for (const body of [range, single, unstated]) {
      expect(body).toContain('no later than 14 days after we receive the goods back');
      expect(body).toContain('original payment method');
    }
  });

  it('lists the delivery options with their free-over threshold, or points to checkout when there are none', () => {
    const html = legalPageBody('delivery', facts());
    expect(html).toContain(
      '<ul><li><strong>Standard</strong>: £3.99, 3-5 business days, free on orders over £100.00</li><li><strong>Next day</strong>: £6.99, 1 business day</li></ul>',
    );
    expect(html).toContain('<p>We dispatch on weekdays.</p>');
    expect(html).not.toContain('shown at checkout');
    expect(text(html)).toContain('within 48 hours');

    const empty = legalPageBody('delivery', bare);
    expect(empty).toContain('Delivery options and prices are shown at checkout.');
    expect(empty).not.toContain('We offer');
    expect(empty).not.toContain('We dispatch on weekdays');
  });

  it.each(LEGAL_PAGE_KINDS)('%s leaves missing details out cleanly', (kind) => {
    const html = legalPageBody(kind, bare);
    expect(html).not.toMatch(/null|undefined|NaN/);
    expect(html).not.toMatch(/<li>\s*<\/li>|<ul>\s*<\/ul>|<ol>\s*<\/ol>|<p>\s*<\/p>/);
    expect(html).not.toMatch(/mailto:|Phone:|Post:|Address:|Company number|VAT number|include VAT/);
    expect(html).toContain('You can contact us using the details on our website.');
    expect(headings(html)).toContain('Contact us');
  });

  it('shows contact details, company number and VAT when given', () => {
    const terms = legalPageBody('terms', facts());
    expect(terms).toContain('<li>Email: <a href="mailto:hello@demo.example">hello@demo.example</a></li>');
    expect(terms).toContain('<li>Phone: 01632 960123</li>');
    expect(terms).toContain('<li>Address: 1 High Street, Bristol, BS1 1AA</li>');
    expect(terms).toContain('<li>Company number: 01234567</li>');
    expect(terms).toContain('<li>VAT number: GB123456789</li>');
    expect(terms).toContain('Prices include VAT where it applies.');
    expect(terms).toContain('<a href="/pages/delivery">Delivery information</a>');
    expect(text(terms)).toContain('law of England and Wales');
    expect(text(terms)).toMatch(/Scotland.*Northern Ireland/);

    const privacy = text(legalPageBody('privacy', facts()));
    for (const phrase of ['UK GDPR', 'Data Protection Act 2018', 'Demo Store is the controller', '6 years', 'ico.org.uk', '0303 123 1113', 'portability', 'erasure', 'processor']) {
      expect(privacy).toContain(phrase);
    }
  });

  it('keeps every body under 12,000 characters with long facts', () => {
    const long = (n: number, seed: string) => seed.repeat(Math.ceil(n / seed.length)).slice(0, n);
    const big = facts({
      storeName: long(120, 'Long & Winding Shop '),
      contactEmail: `${long(100, 'customer.services')}@example.co.uk`,
      contactPhone: '+44 (0)1632 960123 ext. 4567',
      addressLines: [long(120, 'Unit 42 Industrial Estate '), long(120, 'Somewhere Road '), long(60, 'Newcastle upon Tyne '), 'NE1 1AA'],
      companyNumber: 'SC123456',
      vatNumber: 'GB 123 4567 89',
      deliveryNote: long(300, 'Orders placed before 2pm "ship" the same day & arrive soon. '),
      deliveryOptions: Array.from({ length: 10 }, (_, i) => ({
        name: long(120, `Option ${i} <courier> `),
        priceText: '£12.99',
        daysText: '3-5 business days',
        freeOverText: '£1,000.00',
      })),
    });
    expect(big.storeName).toHaveLength(120);
    for (const kind of LEGAL_PAGE_KINDS) {
      const html = legalPageBody(kind, big);
      expect(html).toContain(big.storeName.trim().replace(/&/g, '&amp;'));
      expect(html.length, kind).toBeLessThan(12_000);
    }
    expect(legalPageBody('delivery', big).match(/<li><strong>Option/g)).toHaveLength(10);
  });
});
