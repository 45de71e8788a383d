import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { asMemberWith, asStoreManager } from '../../../http/guards';
import { uuidParams } from '../../../http/params';
import { vatReportQuery, vatReportResponse } from '../../../../shared/vat-report';
import { staffReceipt, type ReceiptFile } from './receipt-service';
import { vatReport, vatReportCsv } from './report';

const idParams = uuidParams('id', 'Order not found');

/** A receipt goes to its reader as a file, never cached by anything in between. */
export function sendReceipt(reply: FastifyReply, file: ReceiptFile) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(Buffer.from(file.bytes));
}

/** The VAT report and staff's copy of each order's receipt (issue 25): store managers only, as orders are. */
export const vatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/reports/vat', { schema: { querystring: vatReportQuery, response: { 200: vatReportResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { report: await asStoreManager(req, (ctx) => vatReport(ctx, req.query)) };
  });

  app.get('/api/admin/reports/vat.csv', { schema: { querystring: vatReportQuery } }, async (req, reply) => {
    const report = await asStoreManager(req, (ctx) => vatReport(ctx, req.query));
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="vat-report-${report.from}-to-${report.to}.csv"`)
      .send(vatReportCsv(report));
  });

  app.get('/api/admin/orders/:id/invoice.pdf', { schema: { params: idParams } }, async (req, reply) => {
    const file = await asMemberWith(req, 'orders.view', (ctx) => staffReceipt(ctx, req.params.id));
    return sendReceipt(reply, file);
  });
};
