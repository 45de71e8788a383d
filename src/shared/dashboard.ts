// Admin dashboard (admin spec §2 "Dashboard", §3 "Dashboard KPIs", §7, §9): answer types shared by the
// server and the admin app. Money is in pounds (2 decimals), as everywhere in the admin API.
import type { QuickWin } from './ai';

/** Spec §9: the KPIs look back 30 days (Europe/London calendar days, today included). */
export const DASHBOARD_DAYS = 30;
/** Spec §9: the dashboard shows at most 3 quick wins. */
export const DASHBOARD_WINS = 3;
/** Spec §8. */
export const DASHBOARD_LOAD_FAILED = 'Failed to load dashboard data';

/** One Europe/London day of the chart: money taken (pounds, net of refunds) and orders paid. */
export interface DashboardDay {
  date: string;
  revenue: number;
  orders: number;
}

export interface DashboardSetup {
  has_categories: boolean;
  has_products: boolean;
  /** True when a real card provider (Stripe) is configured; the built-in test gateway takes no real money. */
  payments_connected: boolean;
  payment_provider: 'test' | 'stripe';
}

/** GET /api/admin/dashboard/kpis. */
export interface DashboardKpis {
  /** Pounds: total_amount − refunded_amount of orders paid in the window (a full refund counts 0). */
  revenue_last_30: number;
  /** Orders paid in the window and not fully refunded (the "From N orders" of the revenue card). */
  orders_last_30: number;
  products_missing_description: number;
  low_stock_count: number;
  /** Exactly DASHBOARD_DAYS entries, oldest first, days with nothing filled with zeros. */
  series: DashboardDay[];
  setup: DashboardSetup;
}

/** GET /api/admin/dashboard/quick-wins. */
export interface DashboardQuickWins {
  wins: QuickWin[];
}
