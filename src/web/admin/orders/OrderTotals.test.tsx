// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@shared/admin-orders';
import { renderForm, type Rendered } from '@/test/form-dom';
import { OrderTotals } from './OrderTotals';

// Issue 28: the admin's order page names the discount code, its discount and the delivery it waived.

const order = (over: Partial<AdminOrderDetail>) =>
  ({
    currency: 'GBP', subtotal: 50, discount_total: 0, discount_code: null, shipping_discount: 0, shipping_total: 3.99, shipping_method: 'Standard Delivery',
    tax_total: 0, total_amount: 53.99, vat_included: 9, vat_breakdown: [], refunded_amount: 0, paid_amount: 53.99, ...over,
  }) as AdminOrderDetail;

/** Each row of the totals as "label: value". */
const rows = (view: Rendered) =>
  [...view.container.querySelectorAll('dl[aria-label="Order totals"] > div')].map((row) => `${row.querySelector('dt')!.textContent}: ${row.querySelector('dd')!.textContent}`);

let view: Rendered;
afterEach(() => view.unmount());

describe('the order totals', () => {
  it('show "Discount (CODE)" taken off, when the order had a discount', async () => {
    view = await renderForm(<OrderTotals order={order({ discount_total: 10, discount_code: 'SPRING20', total_amount: 43.99 })} />);
    expect(rows(view)).toEqual(['Subtotal: £50.00', 'Discount (SPRING20): −£10.00', 'Standard Delivery: £3.99', 'Total: £43.99']);
  });

  it('show delivery as "Free (CODE)" with the charge waived struck through, and no discount row without a discount', async () => {
    view = await renderForm(<OrderTotals order={order({ discount_code: 'FREESHIP', shipping_discount: 3.99, shipping_total: 0, total_amount: 50 })} />);
    expect(rows(view)).toEqual(['Subtotal: £50.00', 'Standard Delivery: Free (FREESHIP) £3.99', 'Total: £50.00']);
    expect(view.container.querySelector('s')!.textContent).toBe('£3.99');
  });

  it('show neither without a code', async () => {
    view = await renderForm(<OrderTotals order={order({ shipping_total: 0, total_amount: 50 })} />);
    expect(rows(view)).toEqual(['Subtotal: £50.00', 'Standard Delivery: Free', 'Total: £50.00']);
  });
});
