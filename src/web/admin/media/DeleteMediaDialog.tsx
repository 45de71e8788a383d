import { useState } from 'react';
import { Link } from 'react-router';
import { AlertCircle } from 'lucide-react';
import type { MediaFile, MediaUsageItem } from '@shared/media';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { MediaInUseError, useDeleteMedia } from '@/lib/admin-media';
import { toast } from '@/lib/toast';

const KIND_LABEL: Record<MediaUsageItem['kind'], string> = { product: 'Product', category: 'Category', page: 'Page', menu: 'Menu' };

function usageLink(usage: MediaUsageItem): string {
  if (usage.kind === 'product') return `/admin/catalogue/products/${usage.id}/edit`;
  if (usage.kind === 'category') return '/admin/catalogue/categories';
  if (usage.kind === 'menu') return `/admin/webstore/navigation${usage.id === 'footer' ? '?menu=footer' : ''}`;
  return `/admin/content/pages/${usage.id}`;
}

/** Where a file is still shown, each a link to the place to remove it from. */
export function UsageList({ usages }: { usages: MediaUsageItem[] }) {
  return (
    <ul className="mt-2 grid gap-1" aria-label="Where this file is used">
      {usages.map((u) => (
        <li key={`${u.kind}-${u.id}`} className="flex items-center gap-2">
          <span className="w-16 shrink-0 text-xs font-medium text-red-700 uppercase">{KIND_LABEL[u.kind]}</span>
          <Link to={usageLink(u)} className="truncate font-medium underline underline-offset-2 hover:text-red-950">{u.label}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Delete with confirmation. The server refuses a file that a product, category or page still shows:
 * the dialog then says where, and the file stays.
 */
export function DeleteMediaDialog({ file, onClose, onDeleted }: { file: MediaFile | null; onClose: () => void; onDeleted?: (file: MediaFile) => void }) {
  const remove = useDeleteMedia();
  const [refusal, setRefusal] = useState<MediaInUseError | null>(null);
  const [forId, setForId] = useState<string | null>(null);
  // A new file starts without the last one's refusal (set while rendering, as React advises).
  if ((file?.id ?? null) !== forId) {
    setForId(file?.id ?? null);
    setRefusal(null);
  }

  const confirm = () => {
    if (!file) return;
    remove.mutate(file.id, {
      onSuccess: () => {
        toast.success('Success', { description: `${file.filename} deleted` });
        onDeleted?.(file);
        onClose();
      },
      onError: (error) => {
        if (error instanceof MediaInUseError) setRefusal(error);
        toast.error('Delete failed', { description: errorMessage(error, 'The file could not be deleted. Please try again.') });
      },
    });
  };

  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete file</DialogTitle>
          <DialogDescription>Are you sure you want to delete &quot;{file?.filename}&quot;? It is removed from your store for good.</DialogDescription>
        </DialogHeader>
        {refusal ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
            <p className="flex items-start gap-2">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{refusal.message}</span>
            </p>
            {refusal.usages.length ? <UsageList usages={refusal.usages} /> : null}
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" disabled={remove.isPending} onClick={onClose}>{refusal ? 'Close' : 'Cancel'}</Button>
          {refusal ? null : (
            <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>{remove.isPending ? 'Deleting…' : 'Delete'}</Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
