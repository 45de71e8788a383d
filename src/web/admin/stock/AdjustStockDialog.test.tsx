// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STOCK_TEXT } from '@shared/stock';
import { fakeFetch, renderForm, submit, typeInto, type Rendered } from '@/test/form-dom';
import { AdjustStockDialog } from './AdjustStockDialog';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/lib/toast', () => ({
  toast: {
    success: (message: string) => toasts.push(`success: ${message}`),
    error: (message: string, options?: { description?: string }) => toasts.push(`error: ${message}${options?.description ? ` / ${options.description}` : ''}`),
  },
}));

const product = { id: 'p-1', name: 'Oak Board', stock_quantity: 4, track_inventory: true };

describe('Adjust Stock (stockMovementBody, the route schema)', () => {
  let view: Rendered;
  let api: ReturnType<typeof fakeFetch>;
  const quantity = () => view.field('Quantity Change');

  beforeEach(async () => {
    toasts.length = 0;
    api = fakeFetch({ status: 201, body: { movement: {}, product: { id: 'p-1', name: 'Oak Board', stock_quantity: 1 } } });
    vi.stubGlobal('fetch', api.fetch);
    view = await renderForm(<AdjustStockDialog product={product} open onOpenChange={() => undefined} />);
  });
  afterEach(async () => {
    await view.unmount();
    vi.unstubAllGlobals();
  });

  it("refuses zero and a change past a million in the schema's (the spec's) words, without a request", async () => {
    await typeInto(quantity(), '0');
    await submit(quantity().closest('form')!);
    expect(view.errors()).toEqual([STOCK_TEXT.nonZero]);
    expect(toasts).toEqual([`error: ${STOCK_TEXT.invalidTitle} / ${STOCK_TEXT.nonZero}`]);
    await typeInto(quantity(), '1000001');
    await submit(quantity().closest('form')!);
    expect(view.errors()).toEqual([STOCK_TEXT.tooLarge]);
    expect(api.calls).toEqual([]);
  });

  it('previews the new stock and sends the parsed body, notes trimmed', async () => {
    await typeInto(quantity(), ' -3 ');
    expect(document.body.textContent).toContain('New stock: 1');
    await typeInto(view.field('Notes (optional)'), '  Two chipped  ');
    await submit(quantity().closest('form')!);
    expect(api.calls).toEqual([
      { method: 'POST', url: '/api/admin/stock/movements', body: { product_id: 'p-1', quantity_change: -3, reason: 'adjustment', notes: 'Two chipped' } },
    ]);
    expect(toasts).toEqual(['success: Stock updated']);
  });
});
