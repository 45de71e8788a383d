import { useId, useState } from 'react';
import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';

const STARS = [1, 2, 3, 4, 5];

/** Five star buttons; clicking one sets the rating. Hovering previews it, so the choice is visible before the click. */
export function StarRatingInput({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const labelId = useId();
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? value;
  return (
    <div className="grid gap-1.5">
      <span id={labelId} className="text-sm font-medium text-zinc-800">Your rating</span>
      <div className="flex items-center gap-3">
        <div role="group" aria-labelledby={labelId} className="flex" onMouseLeave={() => setPreview(null)}>
          {STARS.map((n) => (
            <button
              key={n}
              type="button"
              aria-label={`Rate ${n} ${n === 1 ? 'star' : 'stars'}`}
              aria-pressed={n === value}
              onClick={() => onChange(n)}
              onMouseEnter={() => setPreview(n)}
              className="rounded-sm p-1 first:-ml-1"
            >
              <Star className={cn('size-7 transition-colors', n <= shown ? 'fill-amber-400 text-amber-400' : 'fill-zinc-100 text-zinc-300')} aria-hidden />
            </button>
          ))}
        </div>
        <span className="text-sm text-zinc-500" aria-live="polite">
          {value} out of 5
        </span>
      </div>
    </div>
  );
}
