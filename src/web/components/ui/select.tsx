import { forwardRef, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * A native <select> styled like Input. Native on purpose: it is keyboard and screen-reader friendly
 * everywhere and opens the platform picker on phones.
 */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(({ className, children, ...props }, ref) => (
  <div className="relative">
    <select
      ref={ref}
      className={cn(
        'flex h-9 w-full appearance-none rounded-md border border-zinc-300 bg-white py-1 pr-9 pl-3 text-sm shadow-xs focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-200 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-500',
        className,
      )}
      {...props}
    >
      {children}
    </select>
    <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-500" aria-hidden />
  </div>
));
Select.displayName = 'Select';
