import { useRef, useState, type DragEvent } from 'react';
import { ImagePlus, Upload } from 'lucide-react';
import { IMAGE_ACCEPT, MAX_UPLOAD_LABEL } from '@shared/media';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useProductImages, useReorderProductImages } from '@/lib/admin-media';
import { cn } from '@/lib/utils';
import { ImageTile } from './ImageTile';
import { UploadList } from './UploadList';
import { useImageUploads } from './use-image-uploads';

const HINT = `JPEG, PNG, WebP, GIF or AVIF, up to ${MAX_UPLOAD_LABEL} each.`;

/**
 * The 'Images' card of a product (admin spec §3 Product: product_images with image_url and alt_text):
 * upload several pictures (button or drop), alt text, order, delete. The first is the thumbnail.
 */
export function ProductImages({ productId }: { productId: string }) {
  const query = useProductImages(productId);
  const reorder = useReorderProductImages(productId);
  const uploads = useImageUploads(productId);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const images = query.data?.images ?? [];

  const choose = () => input.current?.click();
  const move = (from: number, to: number) => {
    const ids = images.map((i) => i.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved);
    reorder.mutate(ids, {
      onSuccess: () => toast.success(to === 0 ? 'Thumbnail changed' : 'Image order saved'),
      onError: (error) => toast.error('Failed to reorder images', { description: errorMessage(error, 'Please try again.') }),
    });
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) uploads.start([...e.dataTransfer.files]);
  };
  const dragProps = {
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: drop,
  };

  return (
    <Card {...dragProps} className={cn('transition-shadow', dragging && 'ring-2 ring-indigo-400')} aria-busy={query.isPending || uploads.busy}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>Images</CardTitle>
          <CardDescription>The first image is the thumbnail on product cards and the product page.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={choose} disabled={query.isError}>
          <Upload aria-hidden /> Upload images
        </Button>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose images to upload"
          onChange={(e) => {
            if (e.target.files?.length) uploads.start([...e.target.files]);
            e.target.value = '';
          }}
        />
      </CardHeader>
      <CardContent className="grid gap-4">
        <UploadList items={uploads.items} onDismiss={uploads.dismiss} />
        {query.isError ? (
          <Alert variant="destructive">
            <span className="flex-1">{errorMessage(query.error, 'Failed to load images')}</span>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>Try again</Button>
          </Alert>
        ) : query.isPending ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Loading images">
            {[0, 1, 2].map((i) => <Skeleton key={i} className="aspect-[3/4]" />)}
          </div>
        ) : images.length === 0 ? (
          <button
            type="button"
            onClick={choose}
            className={cn(
              'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
              dragging ? 'border-indigo-400 bg-indigo-50' : 'border-zinc-300 hover:border-zinc-400 hover:bg-zinc-50',
            )}
          >
            <span className="flex size-11 items-center justify-center rounded-full bg-zinc-100">
              <ImagePlus className="size-5 text-zinc-500" aria-hidden />
            </span>
            <span className="font-medium text-zinc-900">No images yet</span>
            <span className="text-sm text-zinc-500">Drop pictures here or choose them. {HINT}</span>
          </button>
        ) : (
          <>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Product images">
              {images.map((image, index) => (
                <ImageTile key={image.id} productId={productId} image={image} index={index} count={images.length} onMove={move} moving={reorder.isPending} />
              ))}
            </ul>
            <p className={cn('rounded-md border border-dashed px-3 py-2 text-center text-xs', dragging ? 'border-indigo-400 bg-indigo-50 text-indigo-700' : 'border-zinc-300 text-zinc-500')}>
              Drop more pictures anywhere on this card. {HINT}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
