import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { WIZARD_STEPS, type WizardStep } from './wizard-state';

/** The three steps across the top of the wizard, the current one marked for screen readers too. */
export function WizardSteps({ step }: { step: WizardStep }) {
  return (
    <ol className="grid grid-cols-3 gap-2" aria-label="Wizard steps">
      {WIZARD_STEPS.map((label, index) => {
        const n = index + 1;
        const state = n < step ? 'done' : n === step ? 'current' : 'todo';
        return (
          <li key={label} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-col gap-1.5">
            <span className={cn('h-1 rounded-full', state === 'todo' ? 'bg-zinc-200' : 'bg-accent')} aria-hidden />
            <span className={cn('flex items-center gap-1 text-xs', state === 'current' ? 'font-semibold text-zinc-900' : 'text-zinc-500')}>
              {state === 'done' ? <Check className="size-3 shrink-0 text-emerald-600" aria-hidden /> : <span aria-hidden>{n}.</span>}
              <span>{label}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
