import { useState } from 'react';
import { Download, Loader2 } from 'lucide-react';
import { isApiErrorBody } from '@shared/errors';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/lib/toast';

export const EXPORT_URL = '/api/admin/products/export.csv';
const FAILED = 'The export could not be downloaded. Please try again.';

/** The file name the server gave (Content-Disposition), or today's. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `products-${new Date().toISOString().slice(0, 10)}.csv`;
}

/** Fetches the export and saves it through a temporary link; the message to show when it fails. */
async function downloadExport(): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(EXPORT_URL, { credentials: 'same-origin', headers: { accept: 'text/csv' } });
  } catch {
    return 'Could not reach the server. Check your connection and try again.';
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    return isApiErrorBody(body) ? body.error.message : FAILED;
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    return FAILED;
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}

/**
 * 'Export products': downloads the catalogue as CSV in the import's own columns (issue 15 item 5), so
 * export -> edit -> import round-trips. Busy while the file is prepared; a failure is toasted.
 */
export function ExportButton({ variant = 'outline', size, className }: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const failure = await downloadExport();
      if (failure) toast.error(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} size={size} className={className} onClick={() => void onClick()} disabled={busy} aria-busy={busy}>
      {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      {busy ? 'Exporting…' : 'Export products'}
    </Button>
  );
}
