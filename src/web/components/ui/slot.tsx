import { Children, cloneElement, forwardRef, Fragment, isValidElement, useMemo, type HTMLAttributes, type ReactElement, type ReactNode, type Ref } from 'react';

/**
 * Renders its one child element with the Slot's props merged in, as Radix's `Slot` does, for
 * `<Button asChild>`: Radix's Slot (with compose-refs) is ~1.5 kB gzipped in every first download,
 * and Button needs only this part of it (docs/decisions/004). Merging, as Radix does: the child's
 * props win, except that both event handlers run (the child's first, its return value kept), styles
 * are merged (the child's win), class names are joined (the Slot's first) and `aria-describedby` ids
 * are combined; both refs get the element. Not supported: Radix's `Slottable` and lazy children.
 */
export const Slot = forwardRef<HTMLElement, HTMLAttributes<HTMLElement> & { children?: ReactNode }>(({ children, ...slotProps }, forwardedRef) => {
  const child = Children.count(children) === 1 && isValidElement(children) ? (children as ReactElement<Record<string, unknown>>) : null;
  const childRef = child ? (child.props.ref as Ref<unknown> | undefined) : undefined;
  // The same callback while the refs stay the same, so React does not detach and reattach it each render.
  const composedRef = useMemo(() => composeRefs(forwardedRef, childRef), [forwardedRef, childRef]);
  if (!child) {
    if (children || children === 0) throw new Error('Slot failed to slot onto its children. Expected a single React element child.');
    return children;
  }
  const merged = mergeSlotProps(slotProps, child.props);
  if (child.type !== Fragment) merged.ref = forwardedRef ? composedRef : childRef;
  return cloneElement(child, merged);
});
Slot.displayName = 'Slot';

type Props = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;

/** Radix Slot's prop merge: the child's props over the Slot's, with handlers, style, className and aria-describedby combined. */
export function mergeSlotProps(slotProps: Props, childProps: Props): Props {
  const overrideProps: Props = { ...childProps };
  for (const propName in childProps) {
    const slotPropValue = slotProps[propName];
    const childPropValue = childProps[propName];
    if (/^on[A-Z]/.test(propName)) {
      if (slotPropValue && childPropValue) {
        overrideProps[propName] = (...args: unknown[]) => {
          const result = (childPropValue as Handler)(...args);
          (slotPropValue as Handler)(...args);
          return result;
        };
      } else if (slotPropValue) {
        overrideProps[propName] = slotPropValue;
      }
    } else if (propName === 'style') {
      overrideProps[propName] = { ...(slotPropValue as object), ...(childPropValue as object) };
    } else if (propName === 'className') {
      overrideProps[propName] = [slotPropValue, childPropValue].filter(Boolean).join(' ');
    } else if (propName === 'aria-describedby') {
      overrideProps[propName] = joinIds(childPropValue, slotPropValue);
    }
  }
  return { ...slotProps, ...overrideProps };
}

function joinIds(...values: unknown[]): string | undefined {
  const ids = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    for (const id of value.trim().split(/\s+/)) if (id) ids.add(id);
  }
  return ids.size > 0 ? [...ids].join(' ') : undefined;
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void | (() => void) {
  if (typeof ref === 'function') return ref(value);
  if (ref != null) ref.current = value;
}

/** One ref callback for several refs, with React 19 ref cleanups: Radix's composeRefs. */
export function composeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (node: T | null) => {
    let hasCleanup = false;
    const cleanups = refs.map((ref) => {
      const cleanup = setRef(ref, node);
      if (!hasCleanup && typeof cleanup === 'function') hasCleanup = true;
      return cleanup;
    });
    if (hasCleanup) {
      return () => {
        cleanups.forEach((cleanup, i) => (typeof cleanup === 'function' ? cleanup() : setRef(refs[i], null)));
      };
    }
  };
}
