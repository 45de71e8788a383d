import { SETUP_STEP_KEYS, SETUP_TEXT, type SetupResponse, type SetupStepKey } from '@shared/store-setup';

/** Where each step is done in the admin; launch is done in the panel under the checklist, so it has none. */
export const STEP_LINKS: Readonly<Record<SetupStepKey, string | null>> = {
  details: '/admin/settings?tab=store',
  delivery: '/admin/settings?tab=shipping',
  payments: '/admin/settings?tab=payment',
  product: '/admin/catalogue/products',
  policies: '/admin/settings?tab=policies',
  launch: null,
};

/** A blocker's or a step's page; null for a key without one (launch, or a need such as 'email'). */
export function stepLink(key: string): string | null {
  return (SETUP_STEP_KEYS as readonly string[]).includes(key) ? STEP_LINKS[key as SetupStepKey] : null;
}

export interface ChecklistStep {
  key: SetupStepKey;
  title: string;
  text: string;
  done: boolean;
  to: string | null;
}

/** The six steps in the checklist's order, with the words for their state; a step the answer lacks is to do. */
export function checklistOf(setup: Pick<SetupResponse, 'steps'>): ChecklistStep[] {
  const done = new Map(setup.steps.map((step) => [step.key, step.done]));
  return SETUP_STEP_KEYS.map((key) => {
    const isDone = done.get(key) ?? false;
    const words = SETUP_TEXT.steps[key];
    return { key, title: words.title, text: isDone ? words.done : words.todo, done: isDone, to: STEP_LINKS[key] };
  });
}

/** '12 March 2026' (en-GB), or null for a missing or unreadable date. */
export function launchDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
}
