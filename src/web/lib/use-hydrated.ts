import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * False on the server and while React takes over a server-rendered page (issue 29); true after, and
 * from the start on a page the browser renders itself. What is one visitor's own (signed in, their
 * cart) shows only once true: the page's HTML was made for everyone, and data that arrives while a
 * part of it is still being taken over must not make the two differ (React error #418).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
