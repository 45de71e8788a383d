import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';

/** A section that could not load: what failed, the server's reason when it gave one, and a retry. */
export function LoadError({ title, error, fallback, onRetry }: { title: string; error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-zinc-200 bg-zinc-50 px-6 py-14 text-center">
      <div className="flex size-11 items-center justify-center rounded-full bg-red-50">
        <AlertTriangle className="size-5 text-red-600" aria-hidden />
      </div>
      <div>
        <p className="font-medium text-zinc-900">{title}</p>
        <p className="mt-1 text-sm text-zinc-500">{errorMessage(error, fallback)}</p>
      </div>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden /> Try again
      </Button>
    </div>
  );
}
