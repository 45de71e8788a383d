// A popstate listener that runs before React Router's (main.tsx imports this module before the router
// mounts, and listeners on window run in the order they were added). The admin's unsaved-changes guard
// (use-unsaved-changes.tsx, decision 040) sets the gate to keep a back or forward move from the router
// while it asks. Kept tiny: it is part of the storefront's first download.

/** Answers true to hide this popstate from the router. */
type PopStateGate = (event: PopStateEvent) => boolean;

let gate: PopStateGate | null = null;

export function setPopStateGate(next: PopStateGate | null): void {
  gate = next;
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => {
    if (gate?.(event)) event.stopImmediatePropagation();
  });
}
