import { LayoutGrid, List } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { ProductLayout } from './ProductCard';

const OPTIONS: { value: ProductLayout; label: string; icon: typeof List }[] = [
  { value: 'grid', label: 'Grid view', icon: LayoutGrid },
  { value: 'list', label: 'List view', icon: List },
];

/** Grid or list: two pressed/unpressed buttons in one pill. */
export function ViewToggle({ value, onChange }: { value: ProductLayout; onChange: (layout: ProductLayout) => void }) {
  return (
    <div role="group" aria-label="Layout" className="inline-flex h-9 shrink-0 items-center rounded-md border border-zinc-300 bg-white p-0.5 shadow-xs">
      {OPTIONS.map(({ value: option, label, icon: Icon }) => (
        <button
          key={option}
          type="button"
          aria-label={label}
          aria-pressed={value === option}
          title={label}
          onClick={() => onChange(option)}
          className={cn('flex h-full items-center justify-center rounded px-2 text-zinc-500 transition-colors hover:text-zinc-900', value === option && 'bg-zinc-100 text-zinc-900')}
        >
          <Icon className="size-4" aria-hidden />
        </button>
      ))}
    </div>
  );
}
