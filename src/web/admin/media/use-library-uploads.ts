import { useRef, useState } from 'react';
import type { MediaFile, UploadKind } from '@shared/media';
import { errorMessage } from '@/lib/api';
import { checkLibraryFile, useUploadToLibrary } from '@/lib/admin-media';
import { toast } from '@/lib/toast';
import type { UploadItem } from '../catalogue/use-image-uploads';

/**
 * Files going into the library: each checked in the browser first (type, size), then uploaded one
 * after another with its progress. Finished files leave the list (they are in the grid); refused or
 * failed ones stay with their reason until dismissed. onUploaded hears of each new library file.
 */
export function useLibraryUploads(kind: UploadKind = 'all', onUploaded?: (file: MediaFile) => void) {
  const upload = useUploadToLibrary();
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextId = useRef(1);
  const queue = useRef(Promise.resolve());
  const patch = (id: number, change: Partial<UploadItem>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...change } : i)));

  function start(files: File[]) {
    const added: UploadItem[] = files.map((file) => {
      const message = checkLibraryFile(file, kind);
      return { id: nextId.current++, name: file.name, status: message ? 'failed' : 'waiting', progress: 0, message: message ?? undefined };
    });
    setItems((list) => [...list, ...added]);
    const refused = added.filter((i) => i.status === 'failed');
    if (refused.length) toast.error('Upload failed', { description: refused.length === 1 ? `${refused[0].name}: ${refused[0].message}` : `${refused.length} files were not uploaded.` });
    files.forEach((file, n) => {
      const item = added[n];
      if (item.status === 'failed') return;
      queue.current = queue.current.then(async () => {
        patch(item.id, { status: 'uploading' });
        try {
          const { media } = await upload.mutateAsync({ file, kind, onProgress: (progress) => patch(item.id, { progress }) });
          setItems((list) => list.filter((i) => i.id !== item.id));
          toast.success('Success', { description: `${media.filename} uploaded` });
          onUploaded?.(media);
        } catch (error) {
          const message = errorMessage(error, 'The file could not be uploaded. Please try again.');
          patch(item.id, { status: 'failed', message });
          toast.error('Upload failed', { description: `${file.name}: ${message}` });
        }
      });
    });
  }

  const dismiss = (id: number) => setItems((list) => list.filter((i) => i.id !== id));
  return { items, start, dismiss, busy: items.some((i) => i.status !== 'failed') };
}
