import { useState } from 'react';
import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import type { ProductImage } from '@shared/media';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useDeleteProductImage, useUpdateProductImage } from '@/lib/admin-media';
import { AltTextInput } from './AltTextInput';

interface Props {
  productId: string;
  image: ProductImage;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  moving: boolean;
}

/** One picture: the thumbnail badge on the first, alt text saved when the field is left, move and delete. */
export function ImageTile({ productId, image, index, count, onMove, moving }: Props) {
  const n = index + 1;
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-2" aria-label={`Image ${n}${index === 0 ? ' (thumbnail)' : ''}`}>
      <div className="relative aspect-square overflow-hidden rounded-md bg-zinc-100">
        <img src={image.image_url} alt={image.alt_text ?? ''} className="size-full object-cover" loading="lazy" />
        {index === 0 ? <Badge className="absolute top-2 left-2 shadow-sm">Thumbnail</Badge> : null}
      </div>
      {/* Keyed by the saved text: a save (or a failed one) starts the field again from the server's value. */}
      <AltTextField key={image.alt_text ?? ''} productId={productId} image={image} n={n} />
      <div className="flex items-center gap-1">
        <Button variant="ghost" size="icon" className="size-8" disabled={index === 0 || moving} aria-label={`Move image ${n} left`} onClick={() => onMove(index, index - 1)}>
          <ChevronLeft aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-8" disabled={index === count - 1 || moving} aria-label={`Move image ${n} right`} onClick={() => onMove(index, index + 1)}>
          <ChevronRight aria-hidden />
        </Button>
        <DeleteImageButton productId={productId} image={image} n={n} />
      </div>
    </li>
  );
}

function AltTextField({ productId, image, n }: { productId: string; image: ProductImage; n: number }) {
  const update = useUpdateProductImage(productId);
  const [value, setValue] = useState(image.alt_text ?? '');
  const id = `alt-${image.id}`;

  const save = () => {
    const next = value.trim();
    if (next === (image.alt_text ?? '')) return;
    update.mutate(
      { id: image.id, alt_text: next || null },
      {
        onSuccess: () => toast.success('Alt text saved'),
        onError: (error) => {
          setValue(image.alt_text ?? '');
          toast.error('Failed to save alt text', { description: errorMessage(error, 'Please try again.') });
        },
      },
    );
  };

  return (
    <AltTextInput id={id} n={n} value={value} aria-busy={update.isPending} onChange={(e) => setValue(e.target.value)} onBlur={save} onEnter={(input) => input.blur()} />
  );
}

function DeleteImageButton({ productId, image, n }: { productId: string; image: ProductImage; n: number }) {
  const remove = useDeleteProductImage(productId);
  const [open, setOpen] = useState(false);
  const confirm = () =>
    remove.mutate(image.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success('Image deleted');
      },
      onError: (error) => toast.error('Failed to delete image', { description: errorMessage(error, 'Please try again.') }),
    });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" size="icon" className="ml-auto size-8 text-zinc-500 hover:bg-red-50 hover:text-red-700" aria-label={`Delete image ${n}`} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this image?</DialogTitle>
          <DialogDescription>It is removed from the product straight away and cannot be brought back.</DialogDescription>
        </DialogHeader>
        <img src={image.image_url} alt={image.alt_text ?? ''} className="mx-auto max-h-48 rounded-md border border-zinc-200 object-contain" />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Deleting…' : 'Delete image'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
