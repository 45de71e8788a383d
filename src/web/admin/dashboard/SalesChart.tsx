import type { DashboardDay } from '@shared/dashboard';
import { formatGBP } from '@shared/money';

const W = 300;
const H = 120;

/** '2026-11-23' as '23 Nov' (en-GB), read as a calendar day so no time zone can shift it. */
export function shortDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the highest value (and above 0). */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((s) => s * power).find((s) => s >= value) ?? 10 * power);
}

/**
 * Revenue (bars) and orders (line) per day over the last 30 days, drawn as inline SVG. The SVG
 * stretches to any width; the labels are HTML so they stay readable at 375 px. Screen readers get a
 * one-line summary (role="img") and the figures as a visually hidden table.
 */
export function SalesChart({ series }: { series: DashboardDay[] }) {
  const revenueTop = niceMax(Math.max(...series.map((d) => d.revenue)));
  // Orders are whole numbers: an axis of at least 2 keeps its middle mark a whole number too.
  const ordersTop = Math.max(2, niceMax(Math.max(...series.map((d) => d.orders))));
  const totalRevenue = series.reduce((s, d) => s + d.revenue, 0);
  const totalOrders = series.reduce((s, d) => s + d.orders, 0);
  const best = series.reduce((a, b) => (b.revenue > a.revenue ? b : a), series[0]);
  const slot = W / series.length;
  const first = series[0]?.date;
  const last = series[series.length - 1]?.date;
  const summary =
    `Revenue and orders per day from ${first ? shortDay(first) : ''} to ${last ? shortDay(last) : ''}: ` +
    `${formatGBP(totalRevenue)} from ${totalOrders} order(s)` +
    (best && best.revenue > 0 ? `; best day ${shortDay(best.date)} with ${formatGBP(best.revenue)}.` : '; no sales yet.');
  const line = series.map((d, i) => `${(i + 0.5) * slot},${H - (d.orders / ordersTop) * H}`).join(' ');

  return (
    <figure className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-600" aria-hidden>
        <span className="flex items-center gap-1.5"><span className="size-2.5 rounded-sm bg-indigo-500" /> Revenue (£)</span>
        <span className="flex items-center gap-1.5"><span className="h-0.5 w-4 rounded bg-amber-500" /> Orders</span>
      </div>
      <div className="grid grid-cols-[3.5rem_minmax(0,1fr)_1.5rem] gap-x-2">
        <div className="flex h-40 flex-col justify-between text-right text-xs leading-none text-zinc-500 sm:h-48" aria-hidden>
          <span>{formatGBP(revenueTop)}</span>
          <span>{formatGBP(revenueTop / 2)}</span>
          <span>£0</span>
        </div>
        <svg role="img" aria-label={summary} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" className="h-40 w-full overflow-visible sm:h-48" data-testid="sales-chart">
          {[0, 0.5, 1].map((f) => (
            <line key={f} x1={0} x2={W} y1={H * f} y2={H * f} className="stroke-zinc-200" strokeWidth={1} vectorEffect="non-scaling-stroke" />
          ))}
          {series.map((d, i) => {
            const h = (d.revenue / revenueTop) * H;
            return (
              <rect key={d.date} x={i * slot + slot * 0.15} width={slot * 0.7} y={H - h} height={h} rx={1} className="fill-indigo-500">
                <title>{`${shortDay(d.date)}: ${formatGBP(d.revenue)}, ${d.orders} order(s)`}</title>
              </rect>
            );
          })}
          <polyline points={line} fill="none" className="stroke-amber-500" strokeWidth={2} vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
        </svg>
        <div className="flex h-40 flex-col justify-between text-left text-xs leading-none text-amber-700 sm:h-48" aria-hidden>
          <span>{ordersTop}</span>
          <span>{Number.isInteger(ordersTop / 2) ? ordersTop / 2 : ''}</span>
          <span>0</span>
        </div>
        <div className="col-start-2 mt-1.5 flex justify-between text-xs text-zinc-500" aria-hidden>
          <span>{first ? shortDay(first) : ''}</span>
          <span>{series[15] ? shortDay(series[15].date) : ''}</span>
          <span>{last ? shortDay(last) : ''}</span>
        </div>
      </div>
      <table className="sr-only">
        <caption>Revenue and orders per day, last 30 days</caption>
        <thead>
          <tr><th scope="col">Day</th><th scope="col">Revenue</th><th scope="col">Orders</th></tr>
        </thead>
        <tbody>
          {series.map((d) => (
            <tr key={d.date}><th scope="row">{shortDay(d.date)}</th><td>{formatGBP(d.revenue)}</td><td>{d.orders}</td></tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
