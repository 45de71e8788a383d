import type { ComponentProps } from 'react';
import { ALT_TEXT_MAX } from '@shared/media';
import { Input } from '@/components/ui/input';

type Props = Omit<ComponentProps<typeof Input>, 'id' | 'onKeyDown'> & {
  id: string;
  /** The picture's place in the list, 1-based: screen readers hear "Alt text for image 2". */
  n: number;
  /** Enter inside the product form must never submit it; this runs instead (e.g. save by leaving). */
  onEnter?: (input: HTMLInputElement) => void;
};

/** The alt text field under a picture tile, for saved pictures and pictures not uploaded yet alike. */
export function AltTextInput({ id, n, onEnter, ...input }: Props) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-zinc-600">
        Alt text <span className="sr-only">for image {n}</span>
      </label>
      <Input
        id={id}
        maxLength={ALT_TEXT_MAX}
        placeholder="Describe the picture"
        className="h-8"
        {...input}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          onEnter?.(e.currentTarget);
        }}
      />
    </div>
  );
}
