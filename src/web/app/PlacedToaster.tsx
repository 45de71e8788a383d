import { useSyncExternalStore } from 'react';
import { Toaster, toast } from 'sonner';
import { useMediaQuery } from '@/lib/use-media-query';

export { toast };

/** Radix marks <body> with this attribute while a modal dialog, sheet or menu holds the page. */
const MODAL_ATTRIBUTE = 'data-scroll-locked';

function subscribeToModal(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { attributes: true, attributeFilter: [MODAL_ATTRIBUTE] });
  return () => observer.disconnect();
}

function modalOpen(): boolean {
  return document.body.hasAttribute(MODAL_ATTRIBUTE);
}

/**
 * Where a toast may sit without hiding what the person needs next. Every dialog and sheet has its
 * close button at its top right, and a phone's header holds the menu and cart buttons, so:
 * - on a phone, toasts rise from the bottom (full width, as Sonner lays them out there);
 * - on a wider screen they sit top right, out of the page's way, but move to the bottom right while
 *   a dialog or sheet is open, so a toast raised from inside one never covers its close button.
 * Loaded with Sonner on the first toast (src/web/lib/toast.ts), so pages that never toast pay nothing.
 */
export function PlacedToaster() {
  const phone = useMediaQuery('(max-width: 639px)');
  const overModal = useSyncExternalStore(subscribeToModal, modalOpen, () => false);
  const position = phone ? 'bottom-center' : overModal ? 'bottom-right' : 'top-right';
  return <Toaster richColors closeButton position={position} />;
}
