// Toasts without Sonner in the first download: Sonner (~9 KB gzipped) loads on the first toast, with
// the Toaster that places it (app/PlacedToaster.tsx), and
// most shop visits never show one. Sonner replays toasts raised before its Toaster subscribed, so a
// toast asked for while the library is still on its way still appears.
type Sonner = typeof import('../app/PlacedToaster');
interface ToastOptions {
  id?: string | number;
  description?: string;
  /** A button in the toast, such as 'View cart'. */
  action?: { label: string; onClick: () => void };
}

let sonner: Promise<Sonner> | undefined;
let attempts = 0;
const listeners = new Set<() => void>();

/** Loads Sonner once (again after a failed attempt) and tells the <ToastHost> to mount the Toaster. */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('../app/PlacedToaster');
    sonner.catch(() => (sonner = undefined));
    attempts += 1;
    listeners.forEach((listener) => listener());
  }
  return sonner;
}

/** For useSyncExternalStore in <ToastHost>: how many times Sonner was sent for (0: no toast yet). */
export const sonnerRequest = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  attempts: () => attempts,
};

function show(kind: 'success' | 'error' | 'message', message: string, options?: ToastOptions): void {
  loadSonner().then(
    ({ toast }) => void toast[kind](message, options),
    () => undefined, // offline: the screen's own error state still says what went wrong
  );
}

/** Sonner's `toast.success` and `toast.error`, loaded on first use. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  /** A neutral notice (Sonner's plain toast). */
  message: (message: string, options?: ToastOptions) => show('message', message, options),
};
