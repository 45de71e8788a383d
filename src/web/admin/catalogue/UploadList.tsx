import { AlertCircle, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { UploadItem } from './use-image-uploads';

/** Files on their way (with progress) and files refused (with the reason). */
export function UploadList({ items, onDismiss }: { items: UploadItem[]; onDismiss: (id: number) => void }) {
  if (!items.length) return null;
  return (
    <ul className="grid gap-2" aria-label="Uploads">
      {items.map((item) => (
        <li
          key={item.id}
          className={item.status === 'failed' ? 'flex items-start gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800' : 'flex items-center gap-3 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm'}
        >
          {item.status === 'failed' ? <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden /> : <Spinner className="size-4 shrink-0" label={`Uploading ${item.name}`} />}
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{item.name}</p>
            {item.status === 'failed' ? (
              <p role="alert">{item.message}</p>
            ) : (
              <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-zinc-200" role="progressbar" aria-label={`Uploading ${item.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(item.progress * 100)}>
                <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${item.status === 'waiting' ? 0 : Math.max(4, item.progress * 100)}%` }} />
              </div>
            )}
          </div>
          {item.status === 'failed' ? (
            <Button variant="ghost" size="icon" className="size-7 shrink-0 text-red-800 hover:bg-red-100" aria-label={`Dismiss ${item.name}`} onClick={() => onDismiss(item.id)}>
              <X aria-hidden />
            </Button>
          ) : (
            <span className="shrink-0 text-xs text-zinc-500 tabular-nums">{item.status === 'waiting' ? 'Waiting' : `${Math.round(item.progress * 100)}%`}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
