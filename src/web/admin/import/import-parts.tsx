import type { ReactNode } from 'react';

/** A labelled value of a batch's summary. */
export function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{label}</dt>
      <dd className="mt-1 truncate text-sm text-zinc-900">{children}</dd>
    </div>
  );
}

/** A count in a box; tone colours it only when it is not zero. */
export function Stat({ label, value, tone, testId }: { label: string; value: number; tone?: string; testId?: string }) {
  return (
    <div className="flex flex-col justify-between rounded-lg border border-zinc-200 px-3 py-2.5">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className={`mt-0.5 text-xl font-semibold tabular-nums ${value && tone ? tone : 'text-zinc-900'}`} data-testid={testId}>
        {value.toLocaleString('en-GB')}
      </dd>
    </div>
  );
}
