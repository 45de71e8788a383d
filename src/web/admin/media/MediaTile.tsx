import { Check, Copy, FileText, Trash2 } from 'lucide-react';
import type { MediaFile } from '@shared/media';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatFileSize, formatMediaDate, isImage, typeLabel } from './media-format';

/** The picture itself, or a document's icon with its type. */
export function MediaThumb({ file, className }: { file: MediaFile; className?: string }) {
  return (
    <div className={cn('relative aspect-square overflow-hidden rounded-md bg-zinc-100', className)}>
      {isImage(file) ? (
        <img src={file.url} alt={file.alt_text ?? ''} className="size-full object-cover" loading="lazy" />
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-b from-zinc-50 to-zinc-100 text-zinc-500">
          <FileText className="size-10 stroke-[1.5]" aria-hidden />
          <span className="rounded bg-red-600 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-white">{typeLabel(file)}</span>
        </div>
      )}
    </div>
  );
}

interface TileProps {
  file: MediaFile;
  /** manage: open details, copy, delete; pick: choose it. */
  mode: 'manage' | 'pick';
  selected?: boolean;
  copied?: boolean;
  onOpen: (file: MediaFile) => void;
  onCopy?: (file: MediaFile) => void;
  onDelete?: (file: MediaFile) => void;
  onConfirm?: (file: MediaFile) => void;
}

/** One library file in the grid: thumbnail, name, size and date; in the library also copy and delete. */
export function MediaTile({ file, mode, selected, copied, onOpen, onCopy, onDelete, onConfirm }: TileProps) {
  return (
    <li className={cn('group flex min-w-0 flex-col rounded-lg border bg-white p-2 shadow-xs transition-shadow hover:shadow-sm', selected ? 'border-indigo-500 ring-2 ring-indigo-200' : 'border-zinc-200')}>
      <div className="relative">
        <button
          type="button"
          className="block w-full rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
          aria-label={mode === 'pick' ? `Select ${file.filename}` : `Open details of ${file.filename}`}
          aria-pressed={mode === 'pick' ? Boolean(selected) : undefined}
          onClick={() => onOpen(file)}
          onDoubleClick={() => onConfirm?.(file)}
        >
          <MediaThumb file={file} />
        </button>
        {mode === 'manage' ? (
          <div className="absolute top-1.5 right-1.5 flex gap-1">
            <Button variant="outline" size="icon" className="size-7 border-zinc-200 bg-white/95 text-zinc-600 shadow-sm" aria-label={copied ? `URL of ${file.filename} copied` : `Copy URL of ${file.filename}`} title={copied ? 'Copied' : 'Copy URL'} onClick={() => onCopy?.(file)}>
              {copied ? <Check className="text-emerald-600" aria-hidden /> : <Copy aria-hidden />}
            </Button>
            <Button variant="outline" size="icon" className="size-7 border-zinc-200 bg-white/95 text-zinc-600 shadow-sm hover:bg-red-50 hover:text-red-700" aria-label={`Delete ${file.filename}`} title="Delete" onClick={() => onDelete?.(file)}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        ) : null}
        {selected ? (
          <span className="absolute top-1.5 right-1.5 flex size-6 items-center justify-center rounded-full bg-accent text-white shadow-sm" aria-hidden>
            <Check className="size-4" />
          </span>
        ) : null}
      </div>
      <div className="mt-2 min-w-0 px-0.5">
        <p className="truncate text-sm font-medium text-zinc-900" title={file.filename}>{file.filename}</p>
        <p className="truncate text-xs text-zinc-500 tabular-nums">
          {copied ? <span className="font-medium text-emerald-700" role="status">Copied</span> : `${formatFileSize(file.file_size)} · ${formatMediaDate(file.created_at)}`}
        </p>
      </div>
    </li>
  );
}
