import { useRef } from 'react';
import { Upload } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useAddLibraryImage, useProductImages, useReorderProductImages } from '@/lib/admin-media';
import { MediaPickerButton, type PickedMedia } from '../media/MediaPickerButton';
import { cn } from '@/lib/utils';
import { DropMoreHint, ImageFileInput, NoImagesButton, useFileDrop } from './image-drop';
import { ImageTile } from './ImageTile';
import { UploadList } from './UploadList';
import { useImageUploads } from './use-image-uploads';

/**
 * The 'Images' card of a product (admin spec §3 Product: product_images with image_url and alt_text):
 * upload several pictures (button or drop), alt text, order, delete. The first is the thumbnail.
 */
export function ProductImages({ productId }: { productId: string }) {
  const query = useProductImages(productId);
  const reorder = useReorderProductImages(productId);
  const uploads = useImageUploads(productId);
  const input = useRef<HTMLInputElement>(null);
  const { dragging, dragProps } = useFileDrop(uploads.start);
  const images = query.data?.images ?? [];

  const fromLibrary = useAddLibraryImage(productId);
  const choose = () => input.current?.click();
  const pick = (file: PickedMedia) =>
    fromLibrary.mutate(
      { url: file.url, alt_text: file.alt_text },
      {
        onSuccess: () => toast.success('Image added', { description: file.filename }),
        onError: (error) => toast.error('Failed to add image', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  const move = (from: number, to: number) => {
    const ids = images.map((i) => i.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved);
    reorder.mutate(ids, {
      onSuccess: () => toast.success(to === 0 ? 'Thumbnail changed' : 'Image order saved'),
      onError: (error) => toast.error('Failed to reorder images', { description: errorMessage(error, 'Please try again.') }),
    });
  };

  return (
    <Card {...dragProps} className={cn('transition-shadow', dragging && 'ring-2 ring-indigo-400')} aria-busy={query.isPending || uploads.busy}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>Images</CardTitle>
          <CardDescription>The first image is the thumbnail on product cards and the product page.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <MediaPickerButton kind="images" disabled={query.isError || fromLibrary.isPending} onPick={pick} />
          <Button variant="outline" size="sm" onClick={choose} disabled={query.isError}>
            <Upload aria-hidden /> Upload images
          </Button>
        </div>
        <ImageFileInput ref={input} onFiles={uploads.start} label="Choose images to upload" />
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
          <NoImagesButton onClick={choose} dragging={dragging} />
        ) : (
          <>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Product images">
              {images.map((image, index) => (
                <ImageTile key={image.id} productId={productId} image={image} index={index} count={images.length} onMove={move} moving={reorder.isPending} />
              ))}
            </ul>
            <DropMoreHint dragging={dragging} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
