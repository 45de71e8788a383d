import { lazy, useState, type ComponentType } from 'react';

/**
 * A lazily loaded component that can be fetched ahead of need (`preload()`, e.g. when the panel that
 * may show it mounts, or on hover). Once the code is in, new mounts render at once instead of
 * suspending for a frame. Render it inside <Suspense> for the first, not-yet-loaded case.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        pending = undefined; // a later preload may try again
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload: () => void preload().catch(() => undefined) });
}
