import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_NavigationContext, parsePath, useLocation, type Navigator, type To } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { setPopStateGate } from './history-gate';

// "No lost work" (issue 27 item 4, docs/decisions/040): a form with unsaved changes asks before it is
// left, whether by a link or button inside the app, the browser's back and forward buttons, or closing
// or reloading the tab. The app runs on <BrowserRouter>, where React Router's useBlocker does not work
// (it needs a data router, which would add ~16.6 kB to the storefront's first download), so the guard
// sits between the admin's pages and the router's history instead:
// - in-app navigation: <UnsavedChangesGuard> gives everything below it a navigator whose push, replace
//   and go ask first while a form is dirty (Link, NavLink, useNavigate, <Navigate> and setSearchParams
//   all navigate through it);
// - back and forward: a popstate listener added before the router's (history-gate.ts, imported by
//   main.tsx) hides the move from the router while a form is dirty, puts the browser back where it was
//   and asks; Leave repeats the move and lets the router see it;
// - closing or reloading the tab: a beforeunload handler while dirty, so the browser asks its own question.
// Admin and CRM code only: it must not reach the storefront's first download (decision 004).

interface Pending {
  /** What would be lost ("this product"); null when several forms are dirty. */
  what: string | null;
  proceed: () => void;
}

interface Guard {
  /** Marks a form dirty (what: "this product") until the returned function is called. */
  mark: (what: string) => () => void;
  askFirst: (action: () => void) => void;
  withoutAsking: <T>(action: () => T) => T;
}

const GuardContext = createContext<Guard | null>(null);

/** The history index React Router's browser history keeps in each entry's state; null elsewhere. */
function historyIndex(): number | null {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

/**
 * Wraps the area whose forms use useUnsavedChanges (the admin and the CRM): while one of them is
 * dirty, leaving the page shows "Leave without saving?" with Stay and Leave.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const parent = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const [pending, setPending] = useState<Pending | null>(null);
  /** The dirty forms, each with what it would lose. */
  const dirty = useRef(new Map<symbol, string>());
  /** Above 0 while withoutAsking runs: navigation the app does on purpose (after a save). */
  const skipping = useRef(0);
  const here = useRef({ pathname: location.pathname, search: location.search, index: null as number | null });
  /** The next popstate is the browser going back where it was after a refused move: the router never sees it. */
  const restoring = useRef(false);
  /** The next popstate is a move the person chose to make (Leave): the router sees it. */
  const letPopThrough = useRef(false);
  /** Where focus was when the question came up: it goes back there when the dialog closes. */
  const returnFocus = useRef<HTMLElement | null>(null);
  /** True while focus goes back: a move that focus starts (a tab that selects on focus) is dropped. */
  const refocusing = useRef(false);
  /** Whether the last answer was Stay. */
  const stayed = useRef(false);

  useLayoutEffect(() => {
    here.current = { pathname: location.pathname, search: location.search, index: historyIndex() };
    letPopThrough.current = false;
  }, [location]);

  const guard = useMemo(() => {
    const blocking = () => skipping.current === 0 && dirty.current.size > 0;
    const ask = (proceed: () => void) => {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const whats = [...new Set(dirty.current.values())];
      setPending({ what: whats.length === 1 ? whats[0] : null, proceed });
    };
    const value: Guard = {
      mark(what) {
        const id = Symbol(what);
        dirty.current.set(id, what);
        return () => void dirty.current.delete(id);
      },
      askFirst: (action) => (blocking() ? ask(action) : action()),
      withoutAsking(action) {
        skipping.current += 1;
        try {
          return action();
        } finally {
          skipping.current -= 1;
        }
      },
    };
    return { value, blocking, ask };
  }, []);

  // The router's navigator, asking first while a form is dirty. A move to the same page and query
  // (a #hash on it) never asks.
  const navigation = useMemo(() => {
    const base = parent.navigator;
    const leaves = (to: To) => {
      const next = typeof to === 'string' ? parsePath(to) : to;
      return (next.pathname ?? here.current.pathname) !== here.current.pathname || (next.search ?? '') !== here.current.search;
    };
    const navigator = new Proxy(base, {
      get(target, key) {
        if (key === 'push' || key === 'replace') {
          const move = target[key];
          return (to: To, ...rest: unknown[]) => {
            if (refocusing.current) return;
            const go = () => (move as (to: To, ...rest: unknown[]) => void)(to, ...rest);
            return leaves(to) && guard.blocking() ? guard.ask(go) : go();
          };
        }
        if (key === 'go') {
          return (delta: number) => {
            if (refocusing.current) return;
            if (delta === 0 || !guard.blocking()) return target.go(delta);
            guard.ask(() => {
              letPopThrough.current = true;
              target.go(delta);
            });
          };
        }
        return Reflect.get(target, key, target);
      },
    }) satisfies Navigator;
    return { ...parent, navigator };
  }, [parent, guard]);

  // Back and forward (and history.go): the gate sees each popstate before React Router does; true hides it.
  useEffect(() => {
    setPopStateGate(() => {
      if (restoring.current) {
        restoring.current = false;
        return true;
      }
      if (letPopThrough.current) {
        letPopThrough.current = false;
        return false;
      }
      if (!guard.blocking()) return false;
      const from = here.current.index;
      const to = historyIndex();
      if (from === null || to === null || from === to) return false;
      restoring.current = true;
      window.history.go(from - to);
      guard.ask(() => {
        letPopThrough.current = true;
        window.history.go(to - from);
      });
      return true;
    });
    return () => setPopStateGate(null);
  }, [guard]);

  // Radix gives focus back to a dialog's trigger, and this one has none: back to where it was instead
  // (after Stay on a tab that asked, the selected tab of its row, as the move did not happen).
  const refocus = (event: Event) => {
    event.preventDefault();
    const element = returnFocus.current;
    returnFocus.current = null;
    if (!element?.isConnected) return;
    const tab = stayed.current && element.getAttribute('role') === 'tab' ? element.closest('[role="tablist"]')?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') : null;
    refocusing.current = true;
    try {
      (tab ?? element).focus();
    } finally {
      refocusing.current = false;
    }
  };

  const answer = (leave: boolean) => {
    const chosen = pending;
    stayed.current = !leave;
    setPending(null);
    if (leave && chosen) guard.value.withoutAsking(chosen.proceed);
  };

  return (
    <GuardContext.Provider value={guard.value}>
      <UNSAFE_NavigationContext.Provider value={navigation}>{children}</UNSAFE_NavigationContext.Provider>
      <Dialog open={pending !== null} onOpenChange={(open) => (open ? undefined : answer(false))}>
        <DialogContent onCloseAutoFocus={refocus}>
          <DialogHeader>
            <DialogTitle>Leave without saving?</DialogTitle>
            <DialogDescription>{pending?.what ? `Your changes to ${pending.what} will be lost.` : 'Your unsaved changes will be lost.'}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => answer(false)}>Stay</Button>
            <Button variant="destructive" onClick={() => answer(true)}>Leave</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </GuardContext.Provider>
  );
}

export interface LeaveGuard {
  /** Runs action at once, or after "Leave" when a form has unsaved changes (a button that discards them). */
  askFirst: (action: () => void) => void;
  /** Runs action (a navigation after a save, say) without asking. */
  withoutAsking: <T>(action: () => T) => T;
}

const NO_GUARD: LeaveGuard = { askFirst: (action) => action(), withoutAsking: (action) => action() };

/** The guard of the area, for buttons that leave or discard work without being a form (Sign out, Switch store). */
export function useLeaveGuard(): LeaveGuard {
  return useContext(GuardContext) ?? NO_GUARD;
}

/**
 * While `dirty`, leaving asks first: "Your changes to {what} will be lost." (what: "this product").
 * Closing or reloading the tab asks the browser's own question. Outside an UnsavedChangesGuard only the
 * tab is guarded.
 */
export function useUnsavedChanges(dirty: boolean, what: string): LeaveGuard {
  const guard = useContext(GuardContext);

  useLayoutEffect(() => {
    if (dirty && guard) return guard.mark(what);
  }, [dirty, guard, what]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return guard ?? NO_GUARD;
}
