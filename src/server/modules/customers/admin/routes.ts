import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asMemberWith, asStoreManager } from '../../../http/guards';
import { uuidParams } from '../../../http/params';
import {
  CUSTOMER_MESSAGES,
  customerDetailResponse,
  customerNoteInput,
  customerNoteResponse,
  customerOrdersQuery,
  customerOrdersResponse,
  customerPageResponse,
  customersExportQuery,
  customersQuery,
} from '../../../../shared/customers';
import * as customers from './service';
import type { ExportCursor } from './repo';
import { customerCsvRow, customersCsvHead, customersFileName } from './csv';

const idParams = uuidParams('id', CUSTOMER_MESSAGES.notFound);
const noteParams = uuidParams(['id', 'noteId'], CUSTOMER_MESSAGES.notFound);

/**
 * Admin > Customers (issue 26): every member role reads the list and a customer's page and adds notes
 * (staff included); the CSV export is for owners, admins and platform owners. Another store's customer
 * or note is the same 404 as a missing one.
 */
export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/customers', { schema: { querystring: customersQuery, response: { 200: customerPageResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return asMemberWith(req, 'customers', (ctx) => customers.listCustomers(ctx, req.query));
  });

  /**
   * The whole list (its search and order) as a file, streamed: the role is checked with the first page,
   * before the first byte, so a refusal is a normal JSON error. Each further page is read in its own short
   * transaction after the last row of the one before (keyset), so the download holds no transaction open.
   */
  app.get('/api/admin/customers.csv', { schema: { querystring: customersExportQuery } }, async (req, reply) => {
    const filters = customers.exportFilters(req.query);
    const first = await asStoreManager(req, (ctx) => customers.exportPage(ctx, filters, null));
    async function* lines(): AsyncGenerator<string> {
      // The byte order mark makes Excel read the file as UTF-8 (names with accents), not the PC's code page.
      yield customersCsvHead();
      let page = first;
      while (page.length > 0) {
        yield page.map(customerCsvRow).join('');
        const last = page[page.length - 1];
        const cursor: ExportCursor = { key: last.sort_key, id: last.id };
        page = await asStoreManager(req, (ctx) => customers.exportPage(ctx, filters, cursor));
      }
    }
    const stream = Readable.from(lines(), { objectMode: false });
    stream.on('error', (err) => req.log.error({ err }, 'customer export failed part way'));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${customersFileName()}"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  app.get('/api/admin/customers/:id', { schema: { params: idParams, response: { 200: customerDetailResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { customer: await asMemberWith(req, 'customers', (ctx) => customers.customerDetail(ctx, req.params.id)) };
  });

  app.get('/api/admin/customers/:id/orders', { schema: { params: idParams, querystring: customerOrdersQuery, response: { 200: customerOrdersResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return asMemberWith(req, 'customers', (ctx) => customers.customerOrdersPage(ctx, req.params.id, req.query.page ?? 1));
  });

  app.post('/api/admin/customers/:id/notes', { schema: { params: idParams, body: customerNoteInput, response: { 201: customerNoteResponse } } }, async (req, reply) => {
    const note = await asMemberWith(req, 'customers', (ctx) => customers.addNote(ctx, req.params.id, req.body.body));
    return reply.status(201).send({ note });
  });

  app.delete('/api/admin/customers/:id/notes/:noteId', { schema: { params: noteParams } }, async (req, reply) => {
    await asMemberWith(req, 'customers', (ctx) => customers.deleteNote(ctx, req.params.id, req.params.noteId));
    return reply.status(204).send();
  });
};
