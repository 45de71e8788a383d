import { useState } from 'react';
import { FolderOpen } from 'lucide-react';
import type { MediaFile } from '@shared/media';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { MediaBrowser } from './MediaBrowser';
import { MediaThumb } from './MediaTile';

/** A picked library file: its served URL (what product pictures, category heroes and pages store). */
export interface PickedMedia {
  id: string;
  url: string;
  filename: string;
  alt_text: string | null;
  mime_type: string;
}

const picked = (file: MediaFile): PickedMedia => ({ id: file.id, url: file.url, filename: file.filename, alt_text: file.alt_text, mime_type: file.mime_type });

/**
 * 'Choose from library': opens the media library in a dialog (search, filter, upload) and hands back
 * the chosen file (issue 14 item 3). kind 'images' lists and takes pictures only.
 */
export function MediaPickerButton({ onPick, label = 'Choose from library', kind = 'images', disabled }: { onPick: (file: PickedMedia) => void; label?: string; kind?: 'images' | 'all'; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<MediaFile | null>(null);

  const close = () => {
    setOpen(false);
    setSelected(null);
  };
  const use = (file: MediaFile | null) => {
    if (!file) return;
    onPick(picked(file));
    close();
  };

  return (
    <>
      <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        <FolderOpen aria-hidden /> {label}
      </Button>
      <Dialog open={open} onOpenChange={(o) => (o ? setOpen(true) : close())}>
        <DialogContent className="flex max-h-[90dvh] max-w-4xl flex-col">
          <DialogHeader>
            <DialogTitle>Media library</DialogTitle>
            <DialogDescription>{kind === 'images' ? 'Choose a picture, or upload a new one.' : 'Choose a file, or upload a new one.'}</DialogDescription>
          </DialogHeader>
          <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1 py-1">
            <MediaBrowser mode="pick" kind={kind} pageSize={24} selectedId={selected?.id ?? null} onOpen={setSelected} onConfirm={use} onUploaded={setSelected} />
          </div>
          <DialogFooter className="items-center border-t border-zinc-200 pt-4 sm:justify-between">
            <div className="flex min-w-0 items-center gap-3 text-sm" aria-live="polite">
              {selected ? (
                <>
                  <MediaThumb file={selected} className="size-10 shrink-0" />
                  <span className="truncate font-medium text-zinc-900">{selected.filename}</span>
                </>
              ) : (
                <span className="text-zinc-500">No file selected</span>
              )}
            </div>
            <div className="flex shrink-0 gap-2">
              <Button variant="outline" onClick={close}>Cancel</Button>
              <Button disabled={!selected} onClick={() => use(selected)}>Use selected file</Button>
            </div>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
