import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { NewProductImageInput } from '@shared/admin-products';
import { MAX_PRODUCT_IMAGES } from '@shared/media';
import { errorMessage } from '@/lib/api';
import { checkImageFile, keyOfLibraryUrl, uploadMedia } from '@/lib/admin-media';
import type { PickedMedia } from '../media/MediaPickerButton';
import { toast } from '@/lib/toast';

/** A picture chosen on the new-product form: shown from the browser's copy until the product is saved. */
export interface PendingImage {
  id: number;
  /** The chosen file; null for a picture picked from the media library (already uploaded). */
  file: File | null;
  name: string;
  /** An object URL of the file (revoked when the picture goes), or the library file's URL. */
  preview: string;
  alt_text: string;
  /** Set once uploaded: a second save (after a refused one) sends it again without uploading again. */
  key: string | null;
  status: 'chosen' | 'uploading' | 'uploaded' | 'failed';
  /** 0..1 while uploading. */
  progress: number;
  message?: string;
}

/**
 * The new-product form's pictures (decision 010). Chosen files stay in the browser, with thumbnails,
 * until Save: then each is uploaded (POST /api/admin/media) and the product is created with their
 * keys, so it and its pictures are stored together. A form left without saving uploads nothing.
 */
export function useNewProductImages() {
  const [items, setItems] = useState<PendingImage[]>([]);
  const nextId = useRef(1);
  // The latest list, for the upload loop and the unmount clean-up (state in closures goes stale).
  const latest = useRef(items);
  useLayoutEffect(() => {
    latest.current = items;
  });
  useEffect(() => () => latest.current.forEach((item) => item.file && URL.revokeObjectURL(item.preview)), []);

  const patch = (id: number, change: Partial<PendingImage>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...change } : i)));

  function add(files: File[]) {
    const room = MAX_PRODUCT_IMAGES - latest.current.length;
    const refused: { name: string; message: string }[] = [];
    const accepted: PendingImage[] = [];
    for (const file of files) {
      const message = checkImageFile(file) ?? (accepted.length >= room ? `A product can have at most ${MAX_PRODUCT_IMAGES} pictures.` : null);
      if (message) refused.push({ name: file.name, message });
      else accepted.push({ id: nextId.current++, file, name: file.name, preview: URL.createObjectURL(file), alt_text: '', key: null, status: 'chosen', progress: 0 });
    }
    if (refused.length) toast.error(refused.length === 1 ? `${refused[0].name} was not added` : `${refused.length} files were not added`, { description: refused[0].message });
    if (accepted.length) setItems((list) => [...list, ...accepted]);
  }

  /** A picture from the media library: nothing to upload, it is attached by its key on save. */
  function addFromLibrary(picked: PickedMedia) {
    const key = keyOfLibraryUrl(picked.url);
    const message = !key ? 'This file cannot be shown on a product.' : latest.current.some((i) => i.key === key) ? 'This picture is already on this product.' : latest.current.length >= MAX_PRODUCT_IMAGES ? `A product can have at most ${MAX_PRODUCT_IMAGES} pictures.` : null;
    if (message || !key) return toast.error(`${picked.filename} was not added`, { description: message ?? undefined });
    setItems((list) => [...list, { id: nextId.current++, file: null, name: picked.filename, preview: picked.url, alt_text: picked.alt_text ?? '', key, status: 'uploaded', progress: 1 }]);
  }

  function remove(id: number) {
    const item = latest.current.find((i) => i.id === id);
    if (item?.file) URL.revokeObjectURL(item.preview);
    setItems((list) => list.filter((i) => i.id !== id));
  }

  function move(from: number, to: number) {
    setItems((list) => {
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved);
      return next;
    });
  }

  const setAltText = (id: number, alt_text: string) => patch(id, { alt_text });

  /**
   * Uploads every picture not uploaded yet, one after another in their order, and answers what the
   * create call attaches. The first failure stops it: that picture keeps its message, and the error
   * goes to the caller (nothing is created).
   */
  async function uploadAll(): Promise<NewProductImageInput[]> {
    const chosen = latest.current;
    const keys = new Map<number, string>();
    for (const item of chosen) {
      if (item.key || !item.file) {
        keys.set(item.id, item.key ?? '');
        continue;
      }
      patch(item.id, { status: 'uploading', progress: 0, message: undefined });
      try {
        const file = await uploadMedia(item.file, (progress) => patch(item.id, { progress }));
        keys.set(item.id, file.key);
        patch(item.id, { status: 'uploaded', key: file.key, progress: 1 });
      } catch (error) {
        patch(item.id, { status: 'failed', message: errorMessage(error, 'Failed to upload image') });
        throw error;
      }
    }
    return chosen.map((item) => ({ key: keys.get(item.id)!, alt_text: item.alt_text.trim() || null }));
  }

  return { items, add, addFromLibrary, remove, move, setAltText, uploadAll, uploading: items.some((i) => i.status === 'uploading') };
}
