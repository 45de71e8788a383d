import { useId, useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** A whole number from 1 to max from what the shopper typed; anything else keeps the previous one. */
function toQuantity(text: string, previous: number, max: number): number {
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, max) : previous;
}

interface StepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /**
   * The most that can be bought: the stock left when it is tracked (decision 010 overrides the spec's
   * "no maximum" there), else the cart's own ceiling.
   */
  max: number;
  disabled?: boolean;
}

/** Quantity with minus and plus buttons; the number can also be typed. Never below 1 nor above max. */
export function QuantityStepper({ value, onChange, max, disabled = false }: StepperProps) {
  const id = useId();
  // While typing the field may be briefly empty; the quantity itself never is.
  const [draft, setDraft] = useState<string | null>(null);
  const set = (next: number) => {
    setDraft(null);
    onChange(Math.max(1, Math.min(next, max)));
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Quantity</Label>
      <div className={cn('inline-flex h-11 w-fit items-center rounded-md border border-zinc-300 bg-white shadow-xs', disabled && 'opacity-50')}>
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={disabled || value <= 1}
          onClick={() => set(value - 1)}
          className="flex h-full w-11 items-center justify-center rounded-l-md text-zinc-600 hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-40"
        >
          <Minus className="size-4" aria-hidden />
        </button>
        <input
          id={id}
          inputMode="numeric"
          pattern="[0-9]*"
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => {
            const text = event.target.value.replace(/\D/g, '');
            const next = text ? toQuantity(text, value, max) : value;
            // More than there is shows the most there is straight away, not only once the field is left.
            setDraft(text && Number(text) > max ? String(next) : text);
            if (text) onChange(next);
          }}
          onBlur={() => setDraft(null)}
          className="h-full w-14 border-x border-zinc-200 text-center text-sm font-medium tabular-nums focus-visible:outline-offset-0"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={disabled || value >= max}
          onClick={() => set(value + 1)}
          className="flex h-full w-11 items-center justify-center rounded-r-md text-zinc-600 hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-40"
        >
          <Plus className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
