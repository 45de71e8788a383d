import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCrm } from '../../../http/guards';
import { forbidden } from '../../../http/errors';
import { CRM_API } from '../../../../shared/crm/routes';
import { barkImportBody, barkImportResponse } from '../../../../shared/crm/leads';
import { assertSheetAddress, fetchBarkSheet, readBarkSheet } from './bark-sheet';
import { insertBarkLeads } from './repo';
import { assertBookTenant, spendBarkImportAllowance } from './service';

/**
 * POST /api/functions/v1/bark-sheets-import (admin spec §7): imports a published Bark sheet into the
 * caller's book. x-tenant-id, when sent, must name that book (decision 027). Each import counts against
 * the caller's and the book's hourly allowance first (decision 033). The sheet is fetched between two
 * short transactions, never inside one: a slow server must not hold a database connection.
 */
export const barkImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(CRM_API.barkImport, { schema: { body: barkImportBody, response: { 200: barkImportResponse } } }, async (req) => {
    const sent = req.headers['x-tenant-id'];
    const book = await inCrm(req, async (ctx) => {
      assertBookTenant(ctx, Array.isArray(sent) ? sent.join(',') : sent);
      assertSheetAddress(req.body.sheets_url);
      await spendBarkImportAllowance(ctx);
      return ctx.tenantId;
    });
    const text = await fetchBarkSheet(req.body.sheets_url, app.deps.config.importFetch);
    const { leads, skipped } = readBarkSheet(text);
    const imported = await inCrm(req, async (ctx) => {
      // The same request resolves the same book; checked so a session changed meanwhile cannot mix books.
      if (ctx.tenantId !== book) throw forbidden('This request names a different store.');
      return insertBarkLeads(ctx, leads);
    });
    return { imported, skipped: skipped + leads.length - imported };
  });
};
