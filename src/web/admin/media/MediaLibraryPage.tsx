import { useState } from 'react';
import type { MediaFile } from '@shared/media';
import { Card } from '@/components/ui/card';
import { DeleteMediaDialog } from './DeleteMediaDialog';
import { MediaBrowser } from './MediaBrowser';
import { MediaDetailsDialog } from './MediaDetailsDialog';
import { useCopyUrl } from './use-copy-url';

/**
 * Admin spec §2 "Media Library" (/admin/media): the store's files with filename search and the
 * all/images/documents filter, upload (drop or choose, with progress), details with alt text, copy
 * URL and delete. A file still shown somewhere cannot be deleted; the refusal says where.
 */
export function MediaLibraryPage() {
  const [open, setOpen] = useState<MediaFile | null>(null);
  const [deleting, setDeleting] = useState<MediaFile | null>(null);
  const { copied, copy } = useCopyUrl();

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Media Library</h1>
        <p className="mt-1 text-sm text-zinc-500">Pictures and documents for your products, categories and pages.</p>
      </div>
      <Card className="p-4 sm:p-5">
        <MediaBrowser
          mode="manage"
          copiedId={copied}
          onOpen={setOpen}
          onCopy={(file) => void copy(file.id, file.url)}
          onDelete={setDeleting}
        />
      </Card>
      <MediaDetailsDialog
        file={open}
        copied={open !== null && copied === open.id}
        onCopy={(file) => void copy(file.id, file.url)}
        onDelete={(file) => setDeleting(file)}
        onClose={() => setOpen(null)}
      />
      <DeleteMediaDialog file={deleting} onClose={() => setDeleting(null)} onDeleted={(file) => setOpen((o) => (o?.id === file.id ? null : o))} />
    </div>
  );
}
