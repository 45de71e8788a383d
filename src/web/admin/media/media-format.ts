import type { MediaFile } from '@shared/media';

/** 0 (size not recorded for files from before the library) reads as a dash. */
export function formatFileSize(bytes: number): string {
  if (bytes <= 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
/** '24 Nov 2026' */
export const formatMediaDate = (iso: string) => DATE.format(new Date(iso));

/** A file's full address, for pasting elsewhere: same-site paths get this site's origin. */
export const absoluteUrl = (url: string) => (url.startsWith('/') ? `${window.location.origin}${url}` : url);

export const isImage = (file: Pick<MediaFile, 'mime_type'>) => file.mime_type.startsWith('image/');

/** A short name of the type for a tile: 'PDF', 'PNG'... */
export function typeLabel(file: Pick<MediaFile, 'mime_type'>): string {
  if (file.mime_type === 'application/pdf') return 'PDF';
  const sub = file.mime_type.split('/')[1] ?? '';
  return sub === 'jpeg' ? 'JPEG' : sub.toUpperCase();
}
