// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STOCK_TEXT } from '@shared/stock';
import { choose, fakeFetch, renderForm, submit, typeInto, type Rendered } from '@/test/form-dom';
import { AdjustStockDialog } from './AdjustStockDialog';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/lib/toast', () => ({
  toast: {
    success: (message: string) => toasts.push(`success: ${message}`),
    error: (message: string, options?: { description?: string }) => toasts.push(`error: ${message}${options?.description ? ` / ${options.description}` : ''}`),
  },
}));

const product = { id: 'p-1', name: 'Oak Board', stock_quantity: 4, track_inventory: true };
let stockVariants: { id: string; sku: string; options: { name: string; value: string }[]; stock_quantity: number; reserved_quantity: number }[] = [];
const posts = (calls: { method: string }[]) => calls.filter((c) => c.method === 'POST');

describe('Adjust Stock (stockMovementBody, the route schema)', () => {
  let view: Rendered;
  let api: ReturnType<typeof fakeFetch>;
  const quantity = () => view.field('Quantity Change');

  beforeEach(async () => {
    toasts.length = 0;
    stockVariants = [];
    api = fakeFetch((call) =>
      call.method === 'GET'
        ? { status: 200, body: { product: { ...product, sku: 'OAK', reserved_quantity: 0, variants: stockVariants } } }
        : { status: 201, body: { movement: {}, product: { id: 'p-1', name: 'Oak Board', stock_quantity: 1 }, variant: null } },
    );
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
    expect(posts(api.calls)).toEqual([]);
  });

  it('previews the new stock and sends the parsed body, notes trimmed', async () => {
    await typeInto(quantity(), ' -3 ');
    expect(document.body.textContent).toContain('New stock: 1');
    await typeInto(view.field('Notes (optional)'), '  Two chipped  ');
    await submit(quantity().closest('form')!);
    expect(posts(api.calls)).toEqual([
      { method: 'POST', url: '/api/admin/stock/movements', body: { product_id: 'p-1', quantity_change: -3, reason: 'adjustment', notes: 'Two chipped' } },
    ]);
    expect(toasts).toEqual(['success: Stock updated']);
  });
});

describe('Adjust Stock of a product with variants (decision 042)', () => {
  let view: Rendered;
  let api: ReturnType<typeof fakeFetch>;

  beforeEach(async () => {
    toasts.length = 0;
    stockVariants = [
      { id: 'v-1', sku: 'OAK-S', options: [{ name: 'Size', value: 'Small' }], stock_quantity: 3, reserved_quantity: 0 },
      { id: 'v-2', sku: 'OAK-L', options: [{ name: 'Size', value: 'Large' }], stock_quantity: 1, reserved_quantity: 0 },
    ];
    api = fakeFetch((call) =>
      call.method === 'GET'
        ? { status: 200, body: { product: { ...product, sku: 'OAK', reserved_quantity: 0, variants: stockVariants } } }
        : { status: 201, body: { movement: {}, product: { id: 'p-1', name: 'Oak Board', stock_quantity: 6 }, variant: { id: 'v-2', sku: 'OAK-L', stock_quantity: 3 } } },
    );
    vi.stubGlobal('fetch', api.fetch);
    view = await renderForm(<AdjustStockDialog product={product} open onOpenChange={() => undefined} />);
  });
  afterEach(async () => {
    await view.unmount();
    vi.unstubAllGlobals();
  });

  it('asks which variant before sending, previews from its stock and names it in the toast', async () => {
    await vi.waitFor(() => expect(view.field('Variant')).toBeTruthy());
    await typeInto(view.field('Quantity Change'), '2');
    await submit(view.field('Quantity Change').closest('form')!);
    expect(view.errors()).toEqual([STOCK_TEXT.chooseVariant]);
    expect(posts(api.calls)).toEqual([]);
    await choose(view.field('Variant') as unknown as HTMLSelectElement, 'v-2');
    expect(document.body.textContent).toContain('New stock: 3');
    await submit(view.field('Quantity Change').closest('form')!);
    expect(posts(api.calls)).toEqual([
      { method: 'POST', url: '/api/admin/stock/movements', body: { product_id: 'p-1', variant_id: 'v-2', quantity_change: 2, reason: 'adjustment', notes: null } },
    ]);
    expect(toasts).toEqual(['success: Stock updated']);
  });
});
