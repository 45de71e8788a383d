import { describe, expect, it } from 'vitest';
import { formatOrderTotal } from '@shared/order-status';
import { invoiceKind, vatRateLines } from './order-vat';

const money = (n: number) => formatOrderTotal(n, 'GBP');
const standard = { rate: 'standard' as const, label: '20%', gross: 50, net: 41.67, vat: 8.33 };
const reduced = { rate: 'reduced' as const, label: '5%', gross: 21, net: 20, vat: 1 };
const exempt = { rate: 'exempt' as const, label: 'Exempt', gross: 10, net: 10, vat: 0 };

describe('an order’s VAT by rate', () => {
  it('says nothing more with one rate or none: "Includes £x VAT" covers it', () => {
    expect(vatRateLines([], money)).toEqual([]);
    expect(vatRateLines([standard], money)).toEqual([]);
  });

  it('gives one line per rate on its net amount, exempt sales without VAT', () => {
    expect(vatRateLines([standard, reduced, exempt], money)).toEqual(['VAT at 20% on £41.67: £8.33', 'VAT at 5% on £20.00: £1.00', 'Exempt from VAT: £10.00']);
  });

  it('calls the PDF an invoice when VAT was charged, else a receipt', () => {
    expect(invoiceKind([standard])).toBe('invoice');
    expect(invoiceKind([])).toBe('receipt');
  });
});
