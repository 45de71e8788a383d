import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** The card a data view shows when there is nothing in it yet. */
export function EmptyState({ icon: Icon, title, children, action }: { icon: LucideIcon; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-14 text-center">
      <div className="flex size-11 items-center justify-center rounded-full bg-zinc-100">
        <Icon className="size-5 text-zinc-500" aria-hidden />
      </div>
      <div className="max-w-md">
        <p className="font-medium text-zinc-900">{title}</p>
        {children ? <div className="mt-1 text-sm text-zinc-500">{children}</div> : null}
      </div>
      {action}
    </div>
  );
}
