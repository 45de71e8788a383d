import { Link } from 'react-router';
import { CheckCircle2, CircleDashed } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { DashboardSetup } from '@shared/dashboard';

interface Step {
  title: string;
  text: string;
  to: string;
  done: boolean;
}

function stepsOf(setup: DashboardSetup): Step[] {
  return [
    { title: 'Configure categories', text: 'Group your range so shoppers can browse it.', to: '/admin/catalogue/categories', done: setup.has_categories },
    { title: 'Add your first products', text: 'Add them one by one or import a CSV file.', to: '/admin/catalogue/products', done: setup.has_products },
    {
      title: 'Set up payment processing',
      text: setup.payments_connected
        ? setup.payment_provider === 'test'
          ? 'Card payments are connected (test mode: no real money is taken).'
          : 'Card payments are connected and paid into your account.'
        : 'Connect your payment account so card payments are paid into it.',
      to: '/admin/settings?tab=payment',
      done: setup.payments_connected,
    },
  ];
}

const UNKNOWN = stepsOf({ has_categories: false, has_products: false, payments_connected: false, payment_provider: 'stripe' }).map((step) =>
  step.title === 'Set up payment processing' ? { ...step, text: 'Connect a card payment provider to take payments.' } : step,
);

/**
 * Admin spec §2 "Store Setup Progress" (the spec's card is static; here each step is ticked from the
 * store's real state: categories exist, products exist, a card provider is connected).
 */
export function SetupProgress({ setup, loading }: { setup: DashboardSetup | undefined; loading: boolean }) {
  // Without the state (it failed to load) the steps are still worth showing, just not ticked.
  const steps = setup ? stepsOf(setup) : loading ? null : UNKNOWN;
  const done = steps?.filter((s) => s.done).length ?? 0;
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Store Setup Progress</CardTitle>
        <CardDescription>{setup && steps ? `${done} of ${steps.length} steps done` : 'Three steps to a store that can take orders.'}</CardDescription>
        {setup && steps ? (
          <div className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-100" role="progressbar" aria-label="Store setup" aria-valuemin={0} aria-valuemax={steps.length} aria-valuenow={done}>
            <div className="h-full rounded-full bg-emerald-500 transition-[width]" style={{ width: `${(done / steps.length) * 100}%` }} />
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {steps ? (
          <ol className="divide-y divide-zinc-100">
            {steps.map((step) => (
              <li key={step.title}>
                <Link to={step.to} className="-mx-2 flex items-start gap-3 rounded-md px-2 py-3 hover:bg-zinc-50">
                  {!setup ? (
                    <CircleDashed className="mt-0.5 size-5 shrink-0 text-zinc-400" aria-hidden />
                  ) : step.done ? (
                    <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-label="Done" />
                  ) : (
                    <CircleDashed className="mt-0.5 size-5 shrink-0 text-zinc-400" aria-label="To do" />
                  )}
                  <span>
                    <span className={step.done ? 'block text-sm font-medium text-zinc-500 line-through' : 'block text-sm font-medium'}>{step.title}</span>
                    <span className="block text-sm text-zinc-500">{step.text}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        ) : (
          <div className="flex flex-col gap-4 py-2" role="status" aria-label="Loading store setup">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
