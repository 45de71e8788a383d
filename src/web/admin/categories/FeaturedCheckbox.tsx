import { forwardRef, useId, type InputHTMLAttributes } from 'react';

/** Spec §2 'Featured on homepage': a labelled checkbox with a line on what it does. */
export const FeaturedCheckbox = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>((props, ref) => {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-zinc-200 p-3">
      <input ref={ref} id={id} type="checkbox" className="mt-0.5 size-4 rounded accent-indigo-600" aria-describedby={`${id}-hint`} {...props} />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-zinc-800">Featured on homepage</label>
        <p id={`${id}-hint`} className="text-xs text-zinc-500">Shows this category in the store’s featured categories.</p>
      </div>
    </div>
  );
});
FeaturedCheckbox.displayName = 'FeaturedCheckbox';
