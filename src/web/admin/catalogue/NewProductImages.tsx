import { useRef } from 'react';
import { AlertCircle, ChevronLeft, ChevronRight, ImagePlus, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { MediaPickerButton } from '../media/MediaPickerButton';
import { AltTextInput } from './AltTextInput';
import { DropMoreHint, IMAGES_HINT, ImageFileInput, NoImagesButton, useFileDrop } from './image-drop';
import type { PendingImage, useNewProductImages } from './use-new-product-images';

type Pictures = ReturnType<typeof useNewProductImages>;

/**
 * The 'Images' card of a product not saved yet: pictures chosen (button or drop) show at once from the
 * browser's copy, can be described, ordered and removed, and are uploaded and attached when the
 * product is saved. The first is the thumbnail.
 */
export function NewProductImages({ pictures, saving }: { pictures: Pictures; saving: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const { dragging, dragProps } = useFileDrop(pictures.add);
  const choose = () => input.current?.click();
  const { items } = pictures;

  return (
    <Card {...dragProps} className={cn('transition-shadow', dragging && 'ring-2 ring-indigo-400')} aria-busy={pictures.uploading}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>Images</CardTitle>
          <CardDescription>The first image is the thumbnail. Pictures are uploaded when you save the product.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <MediaPickerButton kind="images" disabled={saving} onPick={pictures.addFromLibrary} />
          <Button variant="outline" size="sm" onClick={choose} disabled={saving}>
            <ImagePlus aria-hidden /> Add images
          </Button>
        </div>
        <ImageFileInput ref={input} onFiles={pictures.add} label="Choose images to add" />
      </CardHeader>
      <CardContent className="grid gap-4">
        {items.length === 0 ? (
          <NoImagesButton onClick={choose} dragging={dragging}>{`Drop pictures here or choose them; they are uploaded when the product is created. ${IMAGES_HINT}`}</NoImagesButton>
        ) : (
          <>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Product images">
              {items.map((item, index) => (
                <PendingTile key={item.id} item={item} index={index} count={items.length} pictures={pictures} saving={saving} />
              ))}
            </ul>
            <DropMoreHint dragging={dragging} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PendingTile({ item, index, count, pictures, saving }: { item: PendingImage; index: number; count: number; pictures: Pictures; saving: boolean }) {
  const n = index + 1;
  const altId = `new-alt-${item.id}`;
  return (
    <li
      className={cn('flex min-w-0 flex-col gap-2 rounded-lg border bg-white p-2', item.status === 'failed' ? 'border-red-300' : 'border-zinc-200')}
      aria-label={`Image ${n}${index === 0 ? ' (thumbnail)' : ''}`}
    >
      <div className="relative aspect-square overflow-hidden rounded-md bg-zinc-100">
        <img src={item.preview} alt={item.alt_text} className="size-full object-cover" />
        {index === 0 ? <Badge className="absolute top-2 left-2 shadow-sm">Thumbnail</Badge> : null}
        {item.status === 'uploading' ? (
          <div className="absolute inset-x-2 bottom-2 h-1.5 overflow-hidden rounded-full bg-white/80" role="progressbar" aria-label={`Uploading ${item.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(item.progress * 100)}>
            <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${Math.max(4, item.progress * 100)}%` }} />
          </div>
        ) : null}
      </div>
      <p className="truncate text-xs text-zinc-500" title={item.name}>{item.name}</p>
      {item.status === 'failed' ? (
        <p role="alert" className="flex items-start gap-1.5 text-xs text-red-700">
          <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
          {item.message}
        </p>
      ) : null}
      <AltTextInput id={altId} n={n} value={item.alt_text} disabled={saving} onChange={(e) => pictures.setAltText(item.id, e.target.value)} />
      <div className="flex items-center gap-1">
        <Button variant="ghost" size="icon" className="size-8" disabled={index === 0 || saving} aria-label={`Move image ${n} left`} onClick={() => pictures.move(index, index - 1)}>
          <ChevronLeft aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-8" disabled={index === count - 1 || saving} aria-label={`Move image ${n} right`} onClick={() => pictures.move(index, index + 1)}>
          <ChevronRight aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="ml-auto size-8 text-zinc-500 hover:bg-red-50 hover:text-red-700" disabled={saving} aria-label={`Remove image ${n}`} onClick={() => pictures.remove(item.id)}>
          <X aria-hidden />
        </Button>
      </div>
    </li>
  );
}
