// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { ImportBatch } from '@shared/import-schemas';
import { IMPORT_MESSAGES } from '@shared/imports';
import { click, fakeFetch, renderForm, submit, type FetchCall, type Rendered } from '@/test/form-dom';
import { ImportAction } from './ImportAction';
import { ImportDetails } from './ImportDetails';
import { DryRunResult, MapFields } from './MapFields';

// The import's own screens with the network faked: what the buttons send, and what the details show.

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));
vi.mock('sonner', () => ({ toast: { ...toasts, warning: vi.fn() } }));

const summary = { rows_total: 10, products_to_create: 2, products_to_update: 1, rows_rejected: 0 };
const batchOf = (over: Partial<ImportBatch> = {}): ImportBatch => ({
  id: 'b-1', original_filename: 'stock.csv', status: 'ready', file_size: 2048, stats: { rows_total: 10, rows_ok: 10, rows_failed: 0 }, error: null,
  mapping: { '0': 'sku' }, dry_run: { summary, errors: [], errors_total: 0, checked_at: '2026-11-24T20:00:00Z' }, result: null,
  created_at: '2026-11-24T20:00:00Z', updated_at: '2026-11-24T20:05:00Z', started_at: null, finished_at: null, ...over,
});

let view: Rendered;
const button = (name: string) => {
  const found = [...document.body.querySelectorAll('button, a')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`No button ${name}`);
  return found as HTMLElement;
};
const text = () => document.body.textContent ?? '';
const settle = () => submit(document.createElement('form'));

beforeEach(() => {
  toasts.success.mockReset();
  toasts.error.mockReset();
});
afterEach(async () => {
  await view.unmount();
  vi.unstubAllGlobals();
});

describe('ImportAction', () => {
  it('imports a clean check at once, without skip_rejected', async () => {
    const api = fakeFetch({ status: 202, body: { batch: batchOf({ status: 'processing' }) } });
    vi.stubGlobal('fetch', api.fetch);
    view = await renderForm(<ImportAction batch={batchOf()} stale={false} />);
    await click(button('Import 3 products'));
    await settle();
    expect(api.calls).toEqual([{ method: 'POST', url: '/api/imports/products/batches/b-1/process', body: {} }]);
    expect(toasts.success).toHaveBeenCalledWith(IMPORT_MESSAGES.importStarted, expect.anything());
  });

  it('asks before skipping rejected rows, then sends skip_rejected: true; the server’s refusal is shown', async () => {
    const api = fakeFetch({ status: 409, body: { error: { code: 'conflict', message: IMPORT_MESSAGES.alreadyStarted } } });
    vi.stubGlobal('fetch', api.fetch);
    const batch = batchOf({ status: 'mapping', dry_run: { summary: { ...summary, rows_rejected: 4 }, errors: [], errors_total: 4, checked_at: '2026-11-24T20:00:00Z' } });
    view = await renderForm(<ImportAction batch={batch} stale={false} />);
    await click(button('Import 3 products and skip 4 rejected rows'));
    expect(api.calls).toEqual([]);
    expect(document.body.querySelector('[role="alertdialog"]')?.textContent).toContain('Skip 4 rejected rows?');
    await click(button('Import and skip rejected rows'));
    await settle();
    expect(api.calls.map((c: FetchCall) => c.body)).toEqual([{ skip_rejected: true }]);
    expect(toasts.error).toHaveBeenCalledWith('Import not started', { description: IMPORT_MESSAGES.alreadyStarted });
  });

  it('waits for a new check when the form’s mapping is not the checked one', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 202, body: {} }).fetch);
    view = await renderForm(<ImportAction batch={batchOf()} stale />);
    expect((button('Import 3 products') as HTMLButtonElement).disabled).toBe(true);
    expect(text()).toContain('check the file again');
  });
});

describe('ImportDetails', () => {
  const done = batchOf({ status: 'succeeded', stats: { rows_total: 120, rows_ok: 60, rows_failed: 60 }, result: { rows_done: 120, products_created: 50, products_updated: 10, products_unchanged: 0, images_saved: 3, images_failed: 1 } });
  const render = (batch: ImportBatch) => renderForm(<MemoryRouter><ImportDetails batch={batch} /></MemoryRouter>);

  it('pages through the rejected rows and offers them as a file', async () => {
    const api = fakeFetch((call) => {
      const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
      return { status: 200, body: { errors: [{ line: page * 100, column: 'Price', field: 'base_price', message: `Problem on page ${page}`, rejected: true }], total: 61, rows_rejected: 60, page, pages: 2 } };
    });
    vi.stubGlobal('fetch', api.fetch);
    view = await render(done);
    await settle();
    expect(text()).toContain('Problem on page 1');
    expect(text()).toContain('Page 1 of 2');
    expect(button('Download rejected rows (CSV)').getAttribute('href')).toBe('/api/imports/products/batches/b-1/rejected.csv');
    await click(button('Next'));
    await settle();
    expect(api.calls.map((c) => c.url)).toEqual(['/api/imports/products/batches/b-1/errors?page=1', '/api/imports/products/batches/b-1/errors?page=2']);
    expect(text()).toContain('Problem on page 2');
    expect(text()).toContain('60 rows rejected. 61 problems listed.');
  });

  it('says so when nothing was rejected, without a download', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 200, body: { errors: [], total: 0, rows_rejected: 0, page: 1, pages: 1 } }).fetch);
    view = await render(batchOf({ status: 'succeeded', result: { ...done.result!, products_created: 3 } }));
    await settle();
    expect(text()).toContain('No rows were rejected');
    expect(text()).not.toContain('Download rejected rows');
  });

  it('shows a failed import’s error and a failed list with a retry', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 500, body: { error: { code: 'internal', message: 'Database unavailable' } } }).fetch);
    view = await render(batchOf({ status: 'failed', error: IMPORT_MESSAGES.stoppedRepeatedly, result: done.result }));
    await settle();
    expect(text()).toContain(IMPORT_MESSAGES.stoppedRepeatedly);
    expect(text()).toContain('Try again');
  });
});

describe('MapFields (issue 27 item 5)', () => {
  const columns = {
    columns: [
      { index: 0, header: 'Title', samples: ['Mug'], suggested_field: 'name' },
      { index: 1, header: 'Cost', samples: ['4.00'], suggested_field: null },
    ],
    fields: [
      { field: 'sku', header: 'SKU', hint: 'The product’s own code.', required: true },
      { field: 'name', header: 'Name', hint: 'Product name.', required: true },
      { field: 'base_price', header: 'Price', hint: 'In pounds.', required: true },
    ],
    mapping: { '0': 'name', '1': null },
    mapping_source: 'store',
  };

  it('shows the server’s reasons when required columns are missing, until the mapping changes', async () => {
    const refusal = {
      error: {
        code: 'invalid_input',
        message: '2 problems with the mapping: Choose the column that holds SKU: it is required; Choose the column that holds Price: it is required',
        fields: { 'fields.sku': 'Choose the column that holds SKU: it is required', 'fields.base_price': 'Choose the column that holds Price: it is required' },
      },
    };
    const api = fakeFetch((call) => (call.method === 'GET' ? { status: 200, body: columns } : { status: 400, body: refusal }));
    vi.stubGlobal('fetch', api.fetch);
    view = await renderForm(<MemoryRouter><MapFields batch={batchOf({ status: 'uploaded', mapping: null, dry_run: null })} /></MemoryRouter>);
    await settle();
    await click(button('Save mapping and check file'));
    await settle();
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/imports/products/batches/b-1/columns', 'PUT /api/imports/products/batches/b-1/mapping']);
    const alert = document.body.querySelector('[aria-label="Mapping not saved"]');
    expect(alert?.getAttribute('role')).toBe('alert');
    expect([...alert!.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Choose the column that holds SKU: it is required', 'Choose the column that holds Price: it is required']);

    // Choosing a field for a column clears it: the screen no longer shows a refusal of another mapping.
    const select = document.body.querySelector<HTMLSelectElement>('#map-column-1')!;
    await act(async () => {
      select.value = 'base_price';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(document.body.querySelector('[aria-label="Mapping not saved"]')).toBeNull();
  });

  it('shows a refusal with no field in the server’s own words', async () => {
    const api = fakeFetch((call) => (call.method === 'GET' ? { status: 200, body: columns } : { status: 409, body: { error: { code: 'conflict', message: IMPORT_MESSAGES.notMappable } } }));
    vi.stubGlobal('fetch', api.fetch);
    view = await renderForm(<MemoryRouter><MapFields batch={batchOf({ status: 'uploaded', mapping: null, dry_run: null })} /></MemoryRouter>);
    await settle();
    await click(button('Save mapping and check file'));
    await settle();
    expect(document.body.querySelector('[aria-label="Mapping not saved"]')?.textContent).toContain(IMPORT_MESSAGES.notMappable);
  });
});

describe('DryRunResult: pictures and examples (issue 27 item 5)', () => {
  const result = (over: Partial<NonNullable<ImportBatch['dry_run']>>) => ({ summary, errors: [], errors_total: 0, checked_at: '2026-11-24T20:00:00Z', ...over });

  it('lists each picture that will not be imported, with its line, address and reason', async () => {
    const failed = [{ line: 7, url: 'https://pics.example/gone.png', message: 'Picture will not be imported: the server answered 404' }];
    view = await renderForm(<DryRunResult result={result({ pictures: { listed: 12, checked: 9, failed } })} status="ready" />);
    expect(text()).toContain('1 picture of 9 checked will not be imported.');
    const row = document.body.querySelector('[aria-label="Pictures that will not be imported"] tbody tr')!;
    expect(row.textContent).toContain('7');
    expect(row.textContent).toContain('https://pics.example/gone.png');
    expect(row.textContent).toContain('The server answered 404');
  });

  it('says when every picture checked answered, and that only the first 50 are checked', async () => {
    view = await renderForm(<DryRunResult result={result({ pictures: { listed: 80, checked: 50, failed: [] } })} status="ready" />);
    expect(text()).toContain('50 picture addresses were checked: every one answered with a picture. Only the first 50 different addresses are checked.');
  });

  it('says which products are the template’s examples and what happens to them', async () => {
    view = await renderForm(<DryRunResult result={result({ examples: { count: 2, names: ['Stoneware Coffee Mug', 'Linen Tea Towel'] } })} status="ready" />);
    expect(text()).toContain('2 products are the template’s examples (Stoneware Coffee Mug, Linen Tea Towel). They are imported as drafts named “Example: …”');
  });

  it('a check made before pictures were checked shows no picture note', async () => {
    view = await renderForm(<DryRunResult result={result({})} status="ready" />);
    expect(text()).not.toContain('picture');
  });
});
