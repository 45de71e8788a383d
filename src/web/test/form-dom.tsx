import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

// A browser form rendered for a unit test (files that declare `// @vitest-environment happy-dom`):
// React's own client renderer in Happy DOM, a fresh query client, and the few interactions a form test
// needs, each run inside act() so React has finished before the test looks.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  /** The control labelled `label` (by its <label for>), e.g. field('Email'); dialogs' portals included. */
  field: (label: string) => HTMLInputElement | HTMLTextAreaElement;
  /** The texts shown as field errors (FormField's red line), in page order, dialogs' portals included. */
  errors: () => string[];
  unmount: () => Promise<void>;
}

export async function renderForm(ui: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let root: Root;
  await act(async () => {
    root = createRoot(container);
    root.render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  });
  return {
    container,
    field(label) {
      const found = [...document.body.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
      const control = found && document.getElementById(found.htmlFor);
      if (!control) throw new Error(`No field labelled ${label}`);
      return control as HTMLInputElement | HTMLTextAreaElement;
    },
    errors: () => [...document.body.querySelectorAll('p.text-red-600')].map((p) => p.textContent ?? ''),
    unmount: () => act(async () => { root.unmount(); container.remove(); }),
  };
}

/** Types a value as a person would: the native setter (so React sees a change), then input and blur. */
export async function typeInto(control: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  await act(async () => {
    const proto = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
    control.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

/** Chooses an option of a select by its value, as a person picking it would (a change event). */
export async function choose(control: HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Clicks an element (a checkbox, a button) and lets React finish. */
export async function click(element: Element): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** Submits the form the way its submit button would, then waits for the async handlers to settle. */
export async function submit(form: HTMLFormElement): Promise<void> {
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  // Schema validation and the mutation run on later ticks: let them finish.
  for (let i = 0; i < 5; i++) await act(async () => { await new Promise((resolve) => setTimeout(resolve, 0)); });
}

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}
type Answer = { status: number; body: unknown };

/** A fetch stand-in that answers with `answer` (or what it returns for the call) and records the calls, JSON bodies parsed. */
export function fakeFetch(answer: Answer | ((call: FetchCall) => Answer)) {
  const calls: FetchCall[] = [];
  const fetch = async (url: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const { status, body } = typeof answer === 'function' ? answer(call) : answer;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}
