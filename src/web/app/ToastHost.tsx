import { useEffect, useState, useSyncExternalStore } from 'react';
import { loadSonner, sonnerRequest } from '@/lib/toast';

type Sonner = typeof import('./PlacedToaster');

/**
 * Where toasts appear (placed by PlacedToaster: never over a dialog's close button or a phone's
 * header), coloured, with a close button. Mounted once, in main.tsx. The Toaster arrives with
 * Sonner on the first toast (src/web/lib/toast.ts); if Sonner cannot be loaded nothing is shown,
 * and the next toast tries again.
 */
export function ToastHost() {
  const attempts = useSyncExternalStore(sonnerRequest.subscribe, sonnerRequest.attempts, () => 0);
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(() => {
    if (attempts === 0) return;
    let live = true;
    loadSonner().then((loaded) => live && setSonner(loaded), () => undefined);
    return () => void (live = false);
  }, [attempts]);
  // The holder is there from the start: a modal menu or dialog hides everything outside itself from
  // assistive technology (aria-hidden) when it opens, except elements marked aria-live, so toasts that
  // arrive while one is open must land in a holder that already existed. "off": the holder itself
  // announces nothing; Sonner's own list is the live region.
  return (
    <div aria-live="off" className="contents">
      {sonner ? <sonner.PlacedToaster /> : null}
    </div>
  );
}
