import { forwardRef, useState, type DragEvent } from 'react';
import { ImagePlus } from 'lucide-react';
import { IMAGE_ACCEPT, MAX_UPLOAD_LABEL } from '@shared/media';
import { cn } from '@/lib/utils';

// The parts the two Images cards share: the saved product's (ProductImages) and the new product's
// (NewProductImages). Files come from a hidden file input or are dropped anywhere on the card.

export const IMAGES_HINT = `JPEG, PNG, WebP, GIF or AVIF, up to ${MAX_UPLOAD_LABEL} each.`;

/** Drag and drop of files onto a card: whether files are over it, and the handlers to spread on it. */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const dragProps = {
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      if (e.dataTransfer.files.length) onFiles([...e.dataTransfer.files]);
    },
  };
  return { dragging, dragProps };
}

/** The hidden multiple-file picker a card's button opens (its value is cleared, so a file can be chosen again). */
export const ImageFileInput = forwardRef<HTMLInputElement, { onFiles: (files: File[]) => void; label: string }>(({ onFiles, label }, ref) => (
  <input
    ref={ref}
    type="file"
    accept={IMAGE_ACCEPT}
    multiple
    className="sr-only"
    tabIndex={-1}
    aria-label={label}
    onChange={(e) => {
      if (e.target.files?.length) onFiles([...e.target.files]);
      e.target.value = '';
    }}
  />
));
ImageFileInput.displayName = 'ImageFileInput';

/** The empty card: one large target to choose or drop pictures. */
export function NoImagesButton({ onClick, dragging, children }: { onClick: () => void; dragging: boolean; children?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
        dragging ? 'border-indigo-400 bg-indigo-50' : 'border-zinc-300 hover:border-zinc-400 hover:bg-zinc-50',
      )}
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-zinc-100">
        <ImagePlus className="size-5 text-zinc-500" aria-hidden />
      </span>
      <span className="font-medium text-zinc-900">No images yet</span>
      <span className="text-sm text-zinc-500">{children ?? `Drop pictures here or choose them. ${IMAGES_HINT}`}</span>
    </button>
  );
}

/** Below a card's pictures: more can be dropped anywhere on it. */
export function DropMoreHint({ dragging }: { dragging: boolean }) {
  return (
    <p className={cn('rounded-md border border-dashed px-3 py-2 text-center text-xs', dragging ? 'border-indigo-400 bg-indigo-50 text-indigo-700' : 'border-zinc-300 text-zinc-500')}>
      Drop more pictures anywhere on this card. {IMAGES_HINT}
    </p>
  );
}
