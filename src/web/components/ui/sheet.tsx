import type { ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';

export const Sheet = DialogPrimitive.Root;
export const SheetTitle = DialogPrimitive.Title;

interface SheetContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Which edge it comes from: left (the admin's navigation) or right (side panels such as Store Brain). */
  side?: 'left' | 'right';
  closeLabel?: string;
}

/** A panel at one edge of the screen; traps focus like a dialog. */
export function SheetContent({ className, children, side = 'left', closeLabel = 'Close menu', ...props }: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-zinc-950/40" />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={cn('fixed inset-y-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl', side === 'left' ? 'left-0' : 'right-0', className)}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm text-zinc-400 hover:text-zinc-700" aria-label={closeLabel}>
          <X className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
