import { useId, useState, type FormEvent } from 'react';
import { Check, Copy, Download, Trash2 } from 'lucide-react';
import { ALT_TEXT_MAX, type MediaFile } from '@shared/media';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { useUpdateMediaAltText } from '@/lib/admin-media';
import { toast } from '@/lib/toast';
import { absoluteUrl, formatFileSize, formatMediaDate, isImage, typeLabel } from './media-format';
import { MediaThumb } from './MediaTile';

interface Props {
  file: MediaFile | null;
  copied: boolean;
  onCopy: (file: MediaFile) => void;
  onDelete: (file: MediaFile) => void;
  onClose: () => void;
}

/** A file's details: preview, facts, its address to copy, alt text (pictures), delete. */
export function MediaDetailsDialog({ file, copied, onCopy, onDelete, onClose }: Props) {
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {file ? <Details key={file.id} file={file} copied={copied} onCopy={onCopy} onDelete={onDelete} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Details({ file, copied, onCopy, onDelete, onClose }: Props & { file: MediaFile }) {
  const update = useUpdateMediaAltText();
  const urlId = useId();
  const [alt, setAlt] = useState(file.alt_text ?? '');
  const [saved, setSaved] = useState(file.alt_text ?? '');
  const tooLong = alt.trim().length > ALT_TEXT_MAX;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    update.mutate(
      { id: file.id, alt_text: alt.trim() || null },
      {
        onSuccess: (media) => {
          setSaved(media.alt_text ?? '');
          setAlt(media.alt_text ?? '');
          toast.success('Success', { description: 'Alt text saved' });
        },
        onError: (error) => toast.error('Failed to save alt text', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  const facts: [string, string][] = [
    ['Type', typeLabel(file)],
    ['Size', formatFileSize(file.file_size)],
    ['Uploaded', formatMediaDate(file.created_at)],
  ];
  if (file.metadata_json.originalName && file.metadata_json.originalName !== file.filename) facts.push(['Original name', file.metadata_json.originalName]);

  return (
    <>
      <DialogHeader>
        <DialogTitle className="truncate pr-8">{file.filename}</DialogTitle>
        <DialogDescription>{isImage(file) ? 'Picture in your media library' : 'Document in your media library'}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-5 sm:grid-cols-[220px_1fr]">
        <MediaThumb file={file} className="border border-zinc-200" />
        <div className="flex min-w-0 flex-col gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            {facts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-zinc-500">{term}</dt>
                <dd className="truncate text-zinc-900" title={value}>{value}</dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-1.5">
            <Label htmlFor={urlId}>File URL</Label>
            <div className="flex gap-2">
              <Input id={urlId} readOnly value={absoluteUrl(file.url)} onFocus={(e) => e.target.select()} className="font-mono text-xs" />
              <Button type="button" variant="outline" className="shrink-0" onClick={() => onCopy(file)} aria-label={copied ? 'URL copied' : 'Copy URL'}>
                {copied ? <Check className="text-emerald-600" aria-hidden /> : <Copy aria-hidden />}
                {copied ? 'Copied' : 'Copy URL'}
              </Button>
            </div>
          </div>
          {isImage(file) ? (
            <form onSubmit={save} className="grid gap-2">
              <FormField label="Alt text" error={tooLong ? `Alt text must be at most ${ALT_TEXT_MAX} characters` : undefined} hint="Describes the picture for people who cannot see it, and for search engines.">
                <Input value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={ALT_TEXT_MAX + 50} placeholder="e.g. Blue enamel mug on an oak shelf" aria-invalid={tooLong || undefined} />
              </FormField>
              <div>
                <Button type="submit" size="sm" disabled={update.isPending || tooLong || alt.trim() === saved}>{update.isPending ? 'Saving…' : 'Save alt text'}</Button>
              </div>
            </form>
          ) : (
            <Button asChild variant="outline" size="sm" className="self-start">
              <a href={file.url} download={file.filename}>
                <Download aria-hidden /> Download
              </a>
            </Button>
          )}
        </div>
      </div>
      <DialogFooter className="sm:justify-between">
        <Button variant="outline" className="border-red-200 text-red-700 hover:bg-red-50" onClick={() => onDelete(file)}>
          <Trash2 aria-hidden /> Delete file
        </Button>
        <Button variant="outline" onClick={onClose}>Close</Button>
      </DialogFooter>
    </>
  );
}
