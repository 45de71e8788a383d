import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api';
import { checkImageFile, useAddProductImage } from '@/lib/admin-media';

export interface UploadItem {
  id: number;
  name: string;
  status: 'waiting' | 'uploading' | 'failed';
  /** 0..1 while uploading. */
  progress: number;
  message?: string;
}

/**
 * Several files at once: each is checked in the browser, then uploaded and added one after another
 * (so the pictures keep the order they were chosen in). Finished files leave the list; failed ones
 * stay with their message until dismissed.
 */
export function useImageUploads(productId: string) {
  const add = useAddProductImage(productId);
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextId = useRef(1);
  const queue = useRef(Promise.resolve());

  const patch = (id: number, change: Partial<UploadItem>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...change } : i)));

  function start(files: File[]) {
    const added: UploadItem[] = files.map((file) => {
      const message = checkImageFile(file);
      return { id: nextId.current++, name: file.name, status: message ? 'failed' : 'waiting', progress: 0, message: message ?? undefined };
    });
    setItems((list) => [...list, ...added]);
    const refused = added.filter((i) => i.status === 'failed');
    if (refused.length) toast.error(refused.length === 1 ? `${refused[0].name} was not uploaded` : `${refused.length} files were not uploaded`, { description: refused[0].message });
    files.forEach((file, n) => {
      const item = added[n];
      if (item.status === 'failed') return;
      queue.current = queue.current.then(async () => {
        patch(item.id, { status: 'uploading' });
        try {
          await add.mutateAsync({ file, onProgress: (progress) => patch(item.id, { progress }) });
          setItems((list) => list.filter((i) => i.id !== item.id));
          toast.success('Image uploaded', { description: file.name });
        } catch (error) {
          const message = errorMessage(error, 'Failed to upload image');
          patch(item.id, { status: 'failed', message });
          toast.error('Failed to upload image', { description: `${file.name}: ${message}` });
        }
      });
    });
  }

  const dismiss = (id: number) => setItems((list) => list.filter((i) => i.id !== id));
  return { items, start, dismiss, busy: items.some((i) => i.status !== 'failed') };
}
