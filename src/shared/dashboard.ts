// Admin dashboard (admin spec §2 "Dashboard", §3 "Dashboard KPIs", §7, §9): answer types shared by the
// server and the admin app. Money is in pounds (2 decimals), as everywhere in the admin API.
import { z } from 'zod';
import { quickWinSchema } from './ai-schemas';

/** Spec §9: the KPIs look back 30 days (Europe/London calendar days, today included). */
export const DASHBOARD_DAYS = 30;
/** Spec §9: the dashboard shows at most 3 quick wins. */
export const DASHBOARD_WINS = 3;
/** Spec §8. */
export const DASHBOARD_LOAD_FAILED = 'Failed to load dashboard data';

/** One Europe/London day of the chart: money taken (pounds, net of refunds) and orders paid. */
export const dashboardDaySchema = z.object({ date: z.string(), revenue: z.number(), orders: z.number() });
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardSetupSchema = z.object({
  has_categories: z.boolean(),
  has_products: z.boolean(),
  /**
   * True when the store's own payment account with the provider in use is onboarded and can take
   * payments (GET /api/stripe/connect/status says connected). With the test gateway it is a test account.
   */
  payments_connected: z.boolean(),
  payment_provider: z.enum(['test', 'stripe']),
});
export type DashboardSetup = z.infer<typeof dashboardSetupSchema>;

/** GET /api/admin/dashboard/kpis. */
export const dashboardKpisResponse = z.object({
  /** Pounds: total_amount − refunded_amount of orders paid in the window (a full refund counts 0). */
  revenue_last_30: z.number(),
  /** Orders paid in the window and not fully refunded (the "From N orders" of the revenue card). */
  orders_last_30: z.number(),
  products_missing_description: z.number(),
  low_stock_count: z.number(),
  /** Exactly DASHBOARD_DAYS entries, oldest first, days with nothing filled with zeros. */
  series: z.array(dashboardDaySchema),
  setup: dashboardSetupSchema,
  /**
   * Checkouts recovered by checkout recovery emails (issue 28, decision 048) in the last 30 days and what
   * their orders came to (pounds); null while the store has the setting off and never sent one.
   */
  recovered_checkouts: z.object({ count: z.number(), revenue: z.number() }).nullable(),
});
export type DashboardKpis = z.infer<typeof dashboardKpisResponse>;

/** GET /api/admin/dashboard/quick-wins. */
export const dashboardQuickWinsResponse = z.object({ wins: z.array(quickWinSchema) });
export type DashboardQuickWins = z.infer<typeof dashboardQuickWinsResponse>;
