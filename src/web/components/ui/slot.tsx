import { cloneElement, isValidElement, type HTMLAttributes, type ReactElement, type Ref } from 'react';

type SlotProps = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> };

/**
 * Renders its one child element with these props merged in (Button's asChild: a Link styled as a
 * button). Radix's Slot does the same for any child shape and cost the storefront's first download
 * about 1 kB gzipped; this is all Button needs: classes joined (as Radix does: both lists, in order), handlers both called (the child's
 * first), the child's other props kept, the ref passed on when there is one (React 19: a plain prop).
 */
export function Slot({ children, className, ref, ...props }: SlotProps) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Record<string, unknown>>;
  const own = child.props;
  const merged: Record<string, unknown> = { ...props, ...own, className: [className, own.className].filter(Boolean).join(' ') || undefined };
  for (const [name, handler] of Object.entries(props)) {
    const theirs = own[name];
    if (/^on[A-Z]/.test(name) && typeof handler === 'function' && typeof theirs === 'function') {
      merged[name] = (...args: unknown[]) => {
        theirs(...args);
        handler(...args);
      };
    }
  }
  if (ref) merged.ref = ref;
  return cloneElement(child, merged);
}
