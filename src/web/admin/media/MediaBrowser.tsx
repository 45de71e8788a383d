import { useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, FolderOpen, ImagePlus, SearchX, Search, Upload } from 'lucide-react';
import { IMAGE_ACCEPT, LIBRARY_ACCEPT, MAX_UPLOAD_LABEL, MEDIA_MESSAGES, type MediaFile, type MediaFilter } from '@shared/media';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { useMediaLibrary } from '@/lib/admin-media';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useFileDrop } from '../catalogue/image-drop';
import { UploadList } from '../catalogue/UploadList';
import { MediaTile } from './MediaTile';
import { useLibraryUploads } from './use-library-uploads';

/** Spec §9: search waits 250 ms after typing and needs at least 2 characters. */
const SEARCH_DEBOUNCE_MS = 250;
const SEARCH_MIN = 2;

const FILTERS: { value: MediaFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'images', label: 'Images' },
  { value: 'documents', label: 'Documents' },
];

export const libraryHint = (imagesOnly: boolean) => (imagesOnly ? `JPEG, PNG, WebP, GIF or AVIF, up to ${MAX_UPLOAD_LABEL} each.` : `JPEG, PNG, WebP, GIF, AVIF or PDF, up to ${MAX_UPLOAD_LABEL} each.`);

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface Props {
  /** manage: the library page; pick: the picker dialog. */
  mode: 'manage' | 'pick';
  /** images: only pictures are listed and taken (product pictures, heroes). */
  kind?: 'images' | 'all';
  pageSize?: number;
  selectedId?: string | null;
  copiedId?: string | null;
  onOpen: (file: MediaFile) => void;
  onCopy?: (file: MediaFile) => void;
  onDelete?: (file: MediaFile) => void;
  onConfirm?: (file: MediaFile) => void;
  onUploaded?: (file: MediaFile) => void;
}

/**
 * The library's files: search, type filter, drop zone and file picker with per-file progress and
 * errors, a grid of tiles, pages. Shared by the library page and the picker dialog.
 */
export function MediaBrowser({ mode, kind = 'all', pageSize = 40, selectedId, copiedId, onOpen, onCopy, onDelete, onConfirm, onUploaded }: Props) {
  const imagesOnly = kind === 'images';
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<MediaFilter>(imagesOnly ? 'images' : 'all');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const search = debounced.length >= SEARCH_MIN ? debounced : '';
  const list = useMediaLibrary({ search, type: filter, page, limit: pageSize });
  const uploads = useLibraryUploads(kind, onUploaded);
  const { dragging, dragProps } = useFileDrop(uploads.start);
  const input = useRef<HTMLInputElement>(null);
  const choose = () => input.current?.click();

  // A new search starts at the first page (set while rendering, as React advises).
  const [searched, setSearched] = useState(search);
  if (searched !== search) {
    setSearched(search);
    setPage(1);
  }
  if (list.data && !list.isPlaceholderData && page > list.data.pagination.pages) setPage(list.data.pagination.pages);

  const noStore = list.error instanceof ApiError && list.error.status === 404;
  useEffect(() => {
    if (list.isError) toast.error(noStore ? MEDIA_MESSAGES.noTenant : MEDIA_MESSAGES.loadFailed, { id: 'media-load', description: errorMessage(list.error, 'Please try again.') });
  }, [list.isError, list.error, noStore]);

  const files = list.data?.media ?? [];
  const pagination = list.data?.pagination;
  const filtering = search !== '' || filter !== (imagesOnly ? 'images' : 'all');

  return (
    <div {...dragProps} className="relative flex flex-col gap-4" aria-busy={list.isFetching || uploads.busy}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
          <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Search by file name" aria-label="Search media files" className="pl-9" maxLength={100} />
        </div>
        {imagesOnly ? null : (
          <div role="group" aria-label="Filter by type" className="flex shrink-0 rounded-md border border-zinc-300 bg-zinc-50 p-0.5 shadow-xs sm:inline-flex">
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                aria-pressed={filter === f.value}
                onClick={() => {
                  setFilter(f.value);
                  setPage(1);
                }}
                className={cn(
                  'h-8 flex-1 rounded px-3 text-sm font-medium transition-colors sm:flex-none focus-visible:outline-2 focus-visible:outline-indigo-500',
                  filter === f.value ? 'bg-white text-zinc-900 shadow-sm' : 'text-zinc-600 hover:text-zinc-900',
                )}
              >
                {f.label}
              </button>
            ))}
          </div>
        )}
        <Button onClick={choose} className="shrink-0">
          <Upload aria-hidden /> Upload files
        </Button>
        <input
          ref={input}
          type="file"
          accept={imagesOnly ? IMAGE_ACCEPT : LIBRARY_ACCEPT}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose files to upload"
          onChange={(e) => {
            if (e.target.files?.length) uploads.start([...e.target.files]);
            e.target.value = '';
          }}
        />
      </div>

      <button
        type="button"
        onClick={choose}
        className={cn(
          'flex items-center justify-center gap-3 rounded-lg border-2 border-dashed px-4 py-4 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
          dragging ? 'border-indigo-400 bg-indigo-50 text-indigo-800' : 'border-zinc-300 text-zinc-600 hover:border-zinc-400 hover:bg-zinc-50',
        )}
      >
        <ImagePlus className="size-5 shrink-0 text-zinc-400" aria-hidden />
        <span>
          <span className="font-medium text-zinc-900">{dragging ? 'Drop to upload' : 'Drag files here or click to choose'}</span>
          <span className="ml-1 text-zinc-500">{libraryHint(imagesOnly)}</span>
        </span>
      </button>

      <UploadList items={uploads.items} onDismiss={uploads.dismiss} />

      {list.isError ? (
        <Alert variant="destructive">
          <span className="flex-1">{noStore ? `${MEDIA_MESSAGES.noTenant}. ${errorMessage(list.error, '')}` : MEDIA_MESSAGES.loadFailed}</span>
          <Button size="sm" variant="outline" onClick={() => void list.refetch()}>Try again</Button>
        </Alert>
      ) : list.isPending ? (
        <ul className={gridClass(mode)} aria-label="Loading media files">
          {Array.from({ length: mode === 'pick' ? 8 : 10 }, (_, i) => (
            <li key={i} className="rounded-lg border border-zinc-200 bg-white p-2">
              <Skeleton className="aspect-square" />
              <Skeleton className="mt-2 h-4 w-3/4" />
              <Skeleton className="mt-1 h-3 w-1/2" />
            </li>
          ))}
        </ul>
      ) : files.length === 0 ? (
        filtering ? (
          <EmptyState icon={SearchX} title="No files match">
            {search ? `Nothing is called “${search}”` : 'There are no files of this type'}
            {filter !== 'all' && !imagesOnly ? ` in ${filter}` : ''}. Try another search or filter.
          </EmptyState>
        ) : (
          <EmptyState icon={FolderOpen} title={imagesOnly ? 'No pictures in your library yet' : 'Your media library is empty'} action={<Button variant="outline" onClick={choose}><Upload aria-hidden /> Upload files</Button>}>
            Upload pictures {imagesOnly ? '' : 'and PDF documents '}once and use them on products, categories and pages. {libraryHint(imagesOnly)}
          </EmptyState>
        )
      ) : (
        <ul className={cn(gridClass(mode), list.isPlaceholderData && 'opacity-60')} aria-label="Media files">
          {files.map((file) => (
            <MediaTile key={file.id} file={file} mode={mode} selected={selectedId === file.id} copied={copiedId === file.id} onOpen={onOpen} onCopy={onCopy} onDelete={onDelete} onConfirm={onConfirm} />
          ))}
        </ul>
      )}

      {pagination && pagination.total > 0 ? (
        <div className="flex items-center justify-between gap-3 text-sm text-zinc-500">
          <span className="tabular-nums">
            {pagination.total} file{pagination.total === 1 ? '' : 's'}
            {pagination.pages > 1 ? ` · page ${pagination.page} of ${pagination.pages}` : ''}
          </span>
          {pagination.pages > 1 ? (
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                <ChevronLeft aria-hidden /> Previous
              </Button>
              <Button variant="outline" size="sm" disabled={page >= pagination.pages || list.isPlaceholderData} onClick={() => setPage((p) => p + 1)}>
                Next <ChevronRight aria-hidden />
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const gridClass = (mode: 'manage' | 'pick') =>
  mode === 'pick' ? 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4' : 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5';
