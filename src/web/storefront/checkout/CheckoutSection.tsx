import { useId, type ReactNode } from 'react';

/** One numbered step of the checkout form: a titled region, so the steps read as a list of landmarks. */
export function CheckoutSection({ step, title, description, aside, children }: { step: number; title: string; description?: ReactNode; aside?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-zinc-200 bg-white p-5 sm:p-6">
      <div className="mb-5 flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="flex items-start gap-3">
          <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-zinc-900 text-xs font-semibold text-white" aria-hidden>
            {step}
          </span>
          <div>
            <h2 id={id} className="text-base leading-6 font-semibold text-zinc-900">{title}</h2>
            {description ? <p className="mt-0.5 text-sm text-zinc-500">{description}</p> : null}
          </div>
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
