import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asMemberWith } from '../../http/guards';
import { DASHBOARD_WINS, dashboardKpisResponse, dashboardQuickWinsResponse, type DashboardKpis, type DashboardQuickWins } from '../../../shared/dashboard';
import { spendAiAllowance, storeFindings, toWins } from '../ai';
import * as service from './service';

/**
 * Admin dashboard (admin spec §2 "Dashboard", §7). Store managers only: staff get 403; the store is
 * the request's own (host or chosen store), never one named by the client.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/dashboard/kpis', { schema: { response: { 200: dashboardKpisResponse } } }, async (req): Promise<DashboardKpis> => asMemberWith(req, 'orders.view', (ctx) => service.kpis(ctx, app.deps.payments.name)));

  // The Store Brain's finder, cut to the spec's 3 before the writer phrases them. The AI call runs
  // after the guard's transaction (no connection held while a provider answers) and counts against
  // the person's AI allowance like every other AI call (429 past it; the panel then stays hidden).
  app.get('/api/admin/dashboard/quick-wins', { schema: { response: { 200: dashboardQuickWinsResponse } } }, async (req): Promise<DashboardQuickWins> => {
    const findings = await asMemberWith(req, 'products', async (ctx) => {
      const found = (await storeFindings(ctx)).slice(0, DASHBOARD_WINS);
      if (found.length > 0) await spendAiAllowance(ctx);
      return found;
    });
    if (findings.length === 0) return { wins: [] };
    const result = await app.deps.ai.phraseInsights(findings);
    if (result.failure) req.log.warn({ reason: result.failure }, 'AI provider failed; the built-in writer phrased the quick wins');
    return { wins: toWins(findings, result.value) };
  });
};
