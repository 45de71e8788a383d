import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatGBP, penceToPounds } from '../../../../shared/money';
import { vatRateShort, type VatPart, type VatRate } from '../../../../shared/vat';
import { discountLineLabel, freeDeliveryText } from '../../../../shared/discounts';

/**
 * An order's receipt as a PDF (issue 25): a VAT invoice for a VAT-registered store (HMRC VAT Notice
 * 700/21 §16.3: seller's name, address and VAT number, a unique sequential number, the date of issue
 * and the time of supply, the customer's name and address, each line's description, quantity, price
 * and rate, and the VAT by rate), a plain receipt otherwise. Drawn with pdf-lib's built-in Helvetica,
 * so nothing is fetched and no font file ships; text it cannot encode is shown as "?".
 */

export interface ReceiptLine {
  description: string;
  quantity: number;
  /** Pence, VAT-inclusive. */
  unitPrice: number;
  total: number;
  rate: VatRate | null;
  vat: number;
}

export interface ReceiptData {
  /** A VAT invoice (the store was VAT registered when it sold) or a plain receipt. */
  vatInvoice: boolean;
  invoiceNumber: string;
  orderNumber: string;
  /** Date of issue and time of supply: when the order was paid. */
  paidAt: Date;
  seller: { name: string; addressLines: string[]; vatNumber: string | null; companyNumber: string | null; email: string | null };
  customer: { name: string; addressLines: string[]; email: string };
  lines: ReceiptLine[];
  /** `waived`: the charge a free-delivery code took off (pence), with `code`; total is then 0. */
  delivery: { name: string; total: number; parts: VatPart[]; waived?: number; code?: string | null } | null;
  /** The order's goods discount (issue 28): pence taken off the lines above, and the code; null: none. */
  discount?: { code: string | null; amount: number } | null;
  /** VAT by rate, goods and delivery together (pence). */
  parts: VatPart[];
  total: number;
  vatTotal: number;
  /** Refunded so far, and the VAT that took back (pence). */
  refunded: number;
  refundedVat: number;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INK = rgb(0.09, 0.09, 0.11);
const MUTED = rgb(0.42, 0.42, 0.46);
const RULE = rgb(0.85, 0.85, 0.87);

const money = (pence: number) => formatGBP(penceToPounds(pence));
const day = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** Draws text top-down on pages that follow one another, starting a new page when one is full. */
class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  /** Makes room for `height` points, on a new page if this one has not got it. */
  room(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  /** Characters the standard font cannot encode become "?" rather than failing the whole receipt. */
  safe(text: string, font = this.font): string {
    let out = '';
    for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
      try {
        font.encodeText(ch);
        out += ch;
      } catch {
        out += '?';
      }
    }
    return out;
  }

  /** `text` shortened with "..." to fit `width` points. */
  fit(text: string, size: number, width: number, font = this.font): string {
    let s = this.safe(text, font);
    if (font.widthOfTextAtSize(s, size) <= width) return s;
    while (s.length > 1 && font.widthOfTextAtSize(`${s}...`, size) > width) s = s.slice(0, -1);
    return `${s}...`;
  }

  text(text: string, x: number, opts: { size?: number; font?: PDFFont; color?: typeof INK; align?: 'left' | 'right'; width?: number } = {}): void {
    const size = opts.size ?? 9.5;
    const font = opts.font ?? this.font;
    const shown = opts.width ? this.fit(text, size, opts.width, font) : this.safe(text, font);
    const left = opts.align === 'right' ? x - font.widthOfTextAtSize(shown, size) : x;
    this.page.drawText(shown, { x: left, y: this.y, size, font, color: opts.color ?? INK });
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.6, color: RULE });
  }
}

// Columns of the lines table: description, quantity, unit price, VAT rate, VAT, total (right edges for numbers).
const COL = { desc: MARGIN, qty: 330, unit: 395, rate: 440, vat: 490, total: A4.width - MARGIN };

function tableHead(w: Writer, vatInvoice: boolean): void {
  w.room(24);
  const head = { size: 8.5, font: w.bold, color: MUTED };
  w.text('Description', COL.desc, head);
  w.text('Qty', COL.qty, { ...head, align: 'right' });
  w.text('Unit price', COL.unit, { ...head, align: 'right' });
  if (vatInvoice) {
    w.text('VAT rate', COL.rate, { ...head, align: 'right' });
    w.text('VAT', COL.vat, { ...head, align: 'right' });
  }
  w.text('Total', COL.total, { ...head, align: 'right' });
  w.y -= 7;
  w.rule();
  w.y -= 14;
}

function lineRow(w: Writer, vatInvoice: boolean, line: RowText): void {
  w.room(16);
  if (w.y > A4.height - MARGIN - 1) tableHead(w, vatInvoice);
  w.text(line.description, COL.desc, { width: COL.qty - COL.desc - 40 });
  w.text(line.quantity, COL.qty, { align: 'right' });
  w.text(line.unit, COL.unit, { align: 'right' });
  if (vatInvoice) {
    w.text(line.rate, COL.rate, { align: 'right' });
    w.text(line.vat, COL.vat, { align: 'right' });
  }
  w.text(line.total, COL.total, { align: 'right' });
  w.y -= 16;
}

type RowText = { description: string; quantity: string; unit: string; rate: string; vat: string; total: string };

/**
 * The table's rows after the goods: delivery ("Delivery: Standard Delivery - Free (FREESHIP)" when a
 * code waived it) and the order's discount ("Discount (SPRING20)", taken off the lines above: the
 * rows then add up to the total paid). Each line's VAT is already the VAT in what was paid for it.
 */
export function rowsAfterLines(data: Pick<ReceiptData, 'delivery' | 'discount'>): RowText[] {
  const rows: RowText[] = [];
  if (data.delivery) {
    const d = data.delivery;
    const rates = d.parts.map((p) => vatRateShort(p.rate)).join(' / ');
    const waived = (d.waived ?? 0) > 0 ? ` - ${freeDeliveryText(d.code ?? null)}` : '';
    rows.push({
      description: `Delivery: ${d.name}${waived}`,
      quantity: '1',
      unit: money(d.total),
      rate: d.total === 0 ? '' : rates,
      vat: money(d.parts.reduce((s, p) => s + p.vat, 0)),
      total: money(d.total),
    });
  }
  if (data.discount && data.discount.amount > 0) {
    rows.push({ description: discountLineLabel(data.discount.code), quantity: '', unit: '', rate: '', vat: '', total: `-${money(data.discount.amount)}` });
  }
  return rows;
}

function block(w: Writer, x: number, title: string, lines: string[], top: number): number {
  w.y = top;
  w.text(title, x, { size: 8.5, font: w.bold, color: MUTED });
  w.y -= 14;
  for (const line of lines) {
    w.text(line, x, { width: 230 });
    w.y -= 13;
  }
  return w.y;
}

export async function receiptPdf(data: ReceiptData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = data.vatInvoice ? 'VAT invoice' : 'Receipt';
  doc.setTitle(`${title} ${data.invoiceNumber}`);
  doc.setAuthor(data.seller.name);
  doc.setCreationDate(data.paidAt);
  doc.setModificationDate(data.paidAt);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));

  w.text(data.seller.name, MARGIN, { size: 16, font: w.bold, width: 300 });
  w.text(title, COL.total, { size: 16, font: w.bold, align: 'right' });
  w.y -= 26;

  const top = w.y;
  const sellerLines = [...data.seller.addressLines];
  if (data.seller.email) sellerLines.push(data.seller.email);
  if (data.vatInvoice && data.seller.vatNumber) sellerLines.push(`VAT registration no. ${data.seller.vatNumber}`);
  if (data.seller.companyNumber) sellerLines.push(`Company no. ${data.seller.companyNumber}`);
  const leftEnd = block(w, MARGIN, 'FROM', sellerLines, top);
  const facts = [
    `${data.vatInvoice ? 'Invoice' : 'Receipt'} number: ${data.invoiceNumber}`,
    `Order number: ${data.orderNumber}`,
    `Date of issue: ${day(data.paidAt)}`,
    ...(data.vatInvoice ? [`Date of supply (tax point): ${day(data.paidAt)}`] : []),
  ];
  const rightEnd = block(w, 330, 'DETAILS', facts, top);
  w.y = Math.min(leftEnd, rightEnd) - 8;
  w.y = block(w, MARGIN, 'BILLED TO', [data.customer.name, ...data.customer.addressLines, data.customer.email], w.y) - 14;

  tableHead(w, data.vatInvoice);
  for (const line of data.lines) {
    lineRow(w, data.vatInvoice, {
      description: line.description,
      quantity: String(line.quantity),
      unit: money(line.unitPrice),
      rate: line.rate ? vatRateShort(line.rate) : '',
      vat: money(line.vat),
      total: money(line.total),
    });
  }
  for (const row of rowsAfterLines(data)) lineRow(w, data.vatInvoice, row);
  w.y += 6;
  w.rule();
  w.y -= 20;

  if (data.vatInvoice && data.parts.length > 0) {
    w.room(30 + 15 * data.parts.length);
    const head = { size: 8.5, font: w.bold, color: MUTED };
    w.text('VAT SUMMARY', MARGIN, head);
    w.text('Net', 400, { ...head, align: 'right' });
    w.text('VAT', 470, { ...head, align: 'right' });
    w.text('Gross', COL.total, { ...head, align: 'right' });
    w.y -= 15;
    for (const p of data.parts) {
      w.text(p.rate === 'exempt' ? 'Exempt' : p.rate === 'zero' ? 'Zero rate (0%)' : `${vatRateShort(p.rate)} rate`, MARGIN);
      w.text(money(p.gross - p.vat), 400, { align: 'right' });
      w.text(money(p.vat), 470, { align: 'right' });
      w.text(money(p.gross), COL.total, { align: 'right' });
      w.y -= 15;
    }
    w.y -= 8;
  }

  w.room(70);
  const totalRow = (label: string, value: string, bold = false) => {
    w.text(label, 470, { align: 'right', font: bold ? w.bold : w.font, size: bold ? 11 : 9.5 });
    w.text(value, COL.total, { align: 'right', font: bold ? w.bold : w.font, size: bold ? 11 : 9.5 });
    w.y -= bold ? 18 : 15;
  };
  if (data.vatInvoice) {
    totalRow('Total excluding VAT', money(data.total - data.vatTotal));
    totalRow('VAT', money(data.vatTotal));
  }
  totalRow('Total paid', money(data.total), true);
  if (data.refunded > 0) {
    totalRow(data.vatInvoice ? `Refunded (of which VAT ${money(data.refundedVat)})` : 'Refunded', `-${money(data.refunded)}`);
  }

  w.room(30);
  w.y -= 14;
  w.text(data.vatInvoice ? 'Prices include VAT. Paid by card.' : 'Paid by card. No VAT is charged: the seller is not VAT registered.', MARGIN, { size: 8.5, color: MUTED });
  return doc.save();
}
