import type { TenantCtx } from '../../http/context';
import { penceToPounds } from '../../../shared/money';
import type { DashboardKpis, DashboardSetup } from '../../../shared/dashboard';
import { listLowStock } from '../inventory';
import { catalogueSetup, missingDescription } from '../catalogue';
import { dailySales, recoveredCheckouts } from '../orders';
import { paymentsConnected } from '../payments';

/**
 * Admin spec §3 "Dashboard KPIs" from the store's own orders and products. Revenue is net of refunds
 * and counted on the day the money arrived (paid_at, Europe/London days); the chart is the same sum
 * per day, so the card always equals the chart's total. Low stock is the Low Stock Alert's own count.
 */
export async function kpis(ctx: TenantCtx, paymentProvider: DashboardSetup['payment_provider']): Promise<DashboardKpis> {
  const days = await dailySales(ctx.tx, ctx.tenantId);
  const setup = await catalogueSetup(ctx.tx, ctx.tenantId);
  const revenuePence = days.reduce((sum, d) => sum + d.revenue_pence, 0);
  return {
    revenue_last_30: penceToPounds(revenuePence),
    orders_last_30: days.reduce((sum, d) => sum + d.orders, 0),
    products_missing_description: (await missingDescription(ctx)).total,
    low_stock_count: (await listLowStock(ctx, 1)).total,
    series: days.map((d) => ({ date: d.date, revenue: penceToPounds(d.revenue_pence), orders: d.orders })),
    // The store's own connected account with the provider in use (issue 13), not just a configured key.
    setup: { ...setup, payments_connected: await paymentsConnected(ctx, paymentProvider), payment_provider: paymentProvider },
    recovered_checkouts: await recoveredCheckouts(ctx),
  };
}
