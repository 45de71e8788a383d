import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { receiptPdf, rowsAfterLines, type ReceiptData } from './receipt-pdf';

const base: ReceiptData = {
  vatInvoice: true,
  invoiceNumber: 'INV-000042',
  orderNumber: 'ABCD-1234',
  paidAt: new Date('2026-11-27T10:00:00Z'),
  seller: { name: 'Fern Pottery', addressLines: ['1 Mill Lane', 'Leeds LS1 4AP'], vatNumber: 'GB999999973', companyNumber: null, email: null },
  customer: { name: 'Priya Shah', addressLines: ['14 Wharf Street'], email: 'priya@example.com' },
  lines: [{ description: 'Bowl', quantity: 1, unitPrice: 2800, total: 2800, rate: 'standard', vat: 467 }],
  delivery: { name: 'Standard Delivery', total: 399, parts: [{ rate: 'standard', gross: 399, vat: 67 }] },
  parts: [{ rate: 'standard', gross: 3199, vat: 534 }],
  total: 3199,
  vatTotal: 534,
  refunded: 0,
  refundedVat: 0,
};

describe('the receipt PDF', () => {
  it('is a VAT invoice for a VAT-registered sale and a receipt otherwise, titled with its number', async () => {
    expect((await PDFDocument.load(await receiptPdf(base))).getTitle()).toBe('VAT invoice INV-000042');
    expect((await PDFDocument.load(await receiptPdf({ ...base, vatInvoice: false, parts: [], vatTotal: 0 }))).getTitle()).toBe('Receipt INV-000042');
  });

  it('draws names its font cannot encode (emoji, other scripts, NUL) instead of failing', async () => {
    const odd = { ...base, seller: { ...base.seller, name: 'Café 🎉 日本\u0000' }, lines: [{ ...base.lines[0], description: 'Mug 🎉 with a \u202e reversed name' }] };
    const bytes = await receiptPdf(odd);
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('runs onto more pages when an order has many lines', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({ ...base.lines[0], description: `Item ${i + 1}` }));
    const doc = await PDFDocument.load(await receiptPdf({ ...base, lines }));
    expect(doc.getPageCount()).toBeGreaterThan(1);
  });
});

describe('the rows after the goods (issue 28)', () => {
  it('show the discount and its code, taken off so the rows add up to the total paid', async () => {
    const rows = rowsAfterLines({ delivery: base.delivery, discount: { code: 'SPRING20', amount: 560 } });
    expect(rows.map((r) => [r.description, r.total])).toEqual([
      ['Delivery: Standard Delivery', '£3.99'],
      ['Discount (SPRING20)', '-£5.60'],
    ]);
    const bytes = await receiptPdf({ ...base, discount: { code: 'SPRING20', amount: 560 }, total: 2639 });
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('say "Free (CODE)" when a free-delivery code waived the charge, and show no discount row without one', () => {
    const rows = rowsAfterLines({ delivery: { name: 'Standard Delivery', total: 0, parts: [], waived: 399, code: 'FREESHIP' }, discount: null });
    expect(rows).toEqual([{ description: 'Delivery: Standard Delivery - Free (FREESHIP)', quantity: '1', unit: '£0.00', rate: '', vat: '£0.00', total: '£0.00' }]);
    expect(rowsAfterLines({ delivery: null, discount: { code: null, amount: 0 } })).toEqual([]);
    expect(rowsAfterLines({ delivery: null, discount: { code: null, amount: 100 } }).map((r) => r.description)).toEqual(['Discount']);
  });
});
