import { Link } from 'react-router';
import { AlertCircle, CheckCircle2, ChevronRight, CircleDashed } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useStoreSetup } from '@/lib/admin-setup';
import { cn } from '@/lib/utils';
import { LaunchPanel } from './LaunchPanel';
import { checklistOf, type ChecklistStep } from './setup-steps';

/**
 * Admin spec §2 "Store Setup Progress" (issue 25): the six steps from a new store to its first sale,
 * each ticked from the store's real state (GET /api/admin/setup), then the launch panel.
 */
export function SetupProgress({ className }: { className?: string }) {
  const setup = useStoreSetup();
  const steps = setup.data ? checklistOf(setup.data) : null;
  const done = steps?.filter((s) => s.done).length ?? 0;
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>Store Setup Progress</CardTitle>
        {steps ? (
          <>
            <CardDescription>{`${done} of ${steps.length} steps done`}</CardDescription>
            <div className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-100" role="progressbar" aria-label="Store setup" aria-valuemin={0} aria-valuemax={steps.length} aria-valuenow={done}>
              <div className="h-full rounded-full bg-emerald-500 transition-[width]" style={{ width: `${(done / steps.length) * 100}%` }} />
            </div>
          </>
        ) : (
          <CardDescription>Six steps from a new store to its first order.</CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {setup.data && steps ? (
          <>
            <ol className="divide-y divide-zinc-100">
              {steps.map((step) => (
                <li key={step.key}>
                  <StepRow step={step} />
                </li>
              ))}
            </ol>
            <LaunchPanel setup={setup.data} />
          </>
        ) : setup.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <p className="flex items-start gap-2">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                <span className="block font-medium">Could not load your store setup</span>
                {errorMessage(setup.error, 'Please try again.')}
              </span>
            </p>
            <Button variant="outline" size="sm" onClick={() => void setup.refetch()} disabled={setup.isFetching}>Try again</Button>
          </div>
        ) : (
          <div className="flex flex-col gap-4 py-2" role="status" aria-label="Loading store setup">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <div key={i} className="flex items-start gap-3">
                <Skeleton className="size-5 shrink-0 rounded-full" />
                <div className="flex flex-1 flex-col gap-1.5">
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="h-3.5 w-2/3" />
                </div>
              </div>
            ))}
            <Skeleton className="mt-2 h-32 w-full rounded-lg" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function StepRow({ step }: { step: ChecklistStep }) {
  const body = (
    <>
      {step.done ? (
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-label="Done" />
      ) : (
        <CircleDashed className="mt-0.5 size-5 shrink-0 text-zinc-400" aria-label="To do" />
      )}
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm font-medium', step.done ? 'text-zinc-500 line-through' : 'text-zinc-900')}>{step.title}</span>
        <span className="block text-sm text-zinc-500">{step.text}</span>
      </span>
    </>
  );
  // Launch is done in the panel below: its row is not a link.
  if (!step.to) return <div className="flex items-start gap-3 py-3">{body}</div>;
  return (
    <Link to={step.to} className="group -mx-2 flex items-start gap-3 rounded-md px-2 py-3 hover:bg-zinc-50">
      {body}
      <ChevronRight className="mt-0.5 size-4 shrink-0 self-center text-zinc-300 group-hover:text-zinc-500" aria-hidden />
    </Link>
  );
}
