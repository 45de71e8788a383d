import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { asMemberWith } from '../../../http/guards';
import { csvLine } from '../../../../shared/import/csv-cells';
import { originOf } from '../seo/routes';
import { exportPage } from './export-repo';
import { PRODUCT_CSV_HEADERS, exportFileName, productCsvRows } from './export-rows';

/**
 * GET /api/admin/products/export.csv (issue 15 item 5): the whole catalogue in the import's columns,
 * streamed. Store managers only (checked before the first byte, so a refusal is a normal JSON error).
 * Each page of products is read in its own short transaction, so the download does not hold one open
 * for minutes; a product changed while the file is being written shows whichever state its page read.
 */
export const exportRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/products/export.csv', async (req, reply) => {
    const first = await asMemberWith(req, 'products', (ctx) => exportPage(ctx, null));
    const origin = originOf(req);
    async function* lines(): AsyncGenerator<string> {
      // The byte order mark makes Excel read the file as UTF-8 (£ and accents), not the PC's code page.
      yield `\uFEFF${csvLine(PRODUCT_CSV_HEADERS)}`;
      let page = first;
      while (page.length > 0) {
        let chunk = '';
        for (const product of page) for (const row of productCsvRows(product, origin)) chunk += csvLine(row);
        yield chunk;
        const after = page[page.length - 1].sku;
        page = await asMemberWith(req, 'products', (ctx) => exportPage(ctx, after));
      }
    }
    const stream = Readable.from(lines(), { objectMode: false });
    stream.on('error', (err) => req.log.error({ err }, 'product export failed part way'));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName()}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
};
