import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** One titled part of the proposal; kept whole on a printed page where it fits. */
export function Section({ id, eyebrow, title, intro, children, className }: { id: string; eyebrow?: string; title: string; intro?: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn('break-inside-avoid-page py-12 sm:py-16 print:py-6', className)}>
      {eyebrow && <p className="text-xs font-semibold tracking-widest text-accent uppercase">{eyebrow}</p>}
      <h2 id={`${id}-title`} className="mt-2 text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl">
        {title}
      </h2>
      {intro && <p className="mt-3 max-w-2xl text-base leading-relaxed text-zinc-600">{intro}</p>}
      <div className="mt-8 print:mt-4">{children}</div>
    </section>
  );
}
