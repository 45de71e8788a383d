import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return <Loader2 role="status" aria-label={label} className={cn('size-6 animate-spin text-zinc-400', className)} />;
}

/** A spinner in the middle of the screen while something the whole page needs is loading. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
