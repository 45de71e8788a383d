import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A whole-page message (not found, could not load): calm, centred, with a way onwards. */
export function StatusScreen({ icon: Icon, title, children, action }: { icon: LucideIcon; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center sm:px-6">
      <div className="flex size-14 items-center justify-center rounded-full bg-zinc-100">
        <Icon className="size-6 text-zinc-500" aria-hidden />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <p className="max-w-md text-zinc-500">{children}</p>
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}
