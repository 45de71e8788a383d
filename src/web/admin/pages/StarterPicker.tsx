import { FileText, HelpCircle, Mail, Scale, Shield, Store, Truck, Undo2, type LucideIcon } from 'lucide-react';
import { PAGE_STARTERS, PAGE_STARTER_KEYS, type PageStarterKey } from '@shared/page-starters';
import { cn } from '@/lib/utils';

const ICONS: Record<PageStarterKey, LucideIcon> = { blank: FileText, about: Store, contact: Mail, faq: HelpCircle, terms: Scale, privacy: Shield, returns: Undo2, delivery: Truck };

/** What a new page starts from: radio cards, two columns where there is room (arrow keys move, as radios do). */
export function StarterPicker({ value, onChange }: { value: PageStarterKey; onChange: (key: PageStarterKey) => void }) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1.5 text-sm font-medium text-zinc-900">Start from</legend>
      <div className="grid max-h-[42vh] gap-2 overflow-y-auto p-0.5 sm:max-h-none sm:grid-cols-2">
        {PAGE_STARTER_KEYS.map((key) => {
          const starter = PAGE_STARTERS[key];
          const Icon = ICONS[key];
          const checked = value === key;
          return (
            <label
              key={key}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500',
                checked ? 'border-indigo-500 bg-indigo-50/60 ring-1 ring-indigo-500' : 'border-zinc-200 hover:border-zinc-300 hover:bg-zinc-50',
              )}
            >
              <input type="radio" name="page-starter" value={key} checked={checked} onChange={() => onChange(key)} className="sr-only" />
              <Icon className={cn('mt-0.5 size-4 shrink-0', checked ? 'text-indigo-600' : 'text-zinc-400')} aria-hidden />
              <span className="min-w-0">
                <span className="block text-sm font-medium text-zinc-900">{starter.label}</span>
                <span className="block text-xs leading-5 text-zinc-500">{starter.description}</span>
              </span>
            </label>
          );
        })}
      </div>
      <p className="text-xs text-zinc-500">Starting text uses your store’s name and details; read it through and make it yours before you publish.</p>
    </fieldset>
  );
}
