import { createRef, forwardRef, type ReactElement, type ReactNode, type Ref } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Link, MemoryRouter } from 'react-router';
import { Slot as RadixSlot } from 'radix-ui';
import { describe, expect, it, vi } from 'vitest';
import { cn } from '@/lib/utils';
import { Button, buttonVariants, type ButtonProps } from './button';
import { Slot } from './slot';

// Our Slot replaces Radix's for <Button asChild> (docs/decisions/004). These tests hold it to Radix's:
// the same element, props, handlers and refs for the same input.

type Rendered = ReactElement<Record<string, unknown>>;
type SlotComponent = typeof Slot | typeof RadixSlot.Root;

/** What a Slot's render function returns for these props and ref (rendered inside a component, for its hooks). */
function slotOutput(Component: SlotComponent, props: Record<string, unknown>, ref: Ref<HTMLElement> | null = null): Rendered {
  let output: Rendered | undefined;
  const render = (Component as unknown as { render: (props: object, ref: unknown) => Rendered }).render;
  function Probe() {
    output = render(props, ref);
    return null;
  }
  renderToStaticMarkup(<Probe />);
  return output!;
}

/** Plain props, comparable with toEqual: functions and the ref left out. */
function plainProps(element: Rendered) {
  return Object.fromEntries(Object.entries(element.props).filter(([key, value]) => key !== 'ref' && typeof value !== 'function'));
}

const both = (props: Record<string, unknown>, ref?: Ref<HTMLElement> | null) => [slotOutput(Slot, props, ref), slotOutput(RadixSlot.Root, props, ref)] as const;

describe('Slot', () => {
  it('renders the same markup as Radix Slot', () => {
    const cases: ReactNode[] = [
      <Slot className="a b" data-x="1" title="slot" style={{ color: 'red', margin: 1 }}>
        <a href="/x" className="c" title="child" style={{ color: 'blue' }}>Hi</a>
      </Slot>,
      <Slot aria-describedby="one two" id="s"><span aria-describedby="two three">x</span></Slot>,
      <Slot className="only-slot"><em>x</em></Slot>,
      <Slot><b className="only-child">x</b></Slot>,
    ];
    const radix: ReactNode[] = [
      <RadixSlot.Root className="a b" data-x="1" title="slot" style={{ color: 'red', margin: 1 }}>
        <a href="/x" className="c" title="child" style={{ color: 'blue' }}>Hi</a>
      </RadixSlot.Root>,
      <RadixSlot.Root aria-describedby="one two" id="s"><span aria-describedby="two three">x</span></RadixSlot.Root>,
      <RadixSlot.Root className="only-slot"><em>x</em></RadixSlot.Root>,
      <RadixSlot.Root><b className="only-child">x</b></RadixSlot.Root>,
    ];
    cases.forEach((element, i) => expect(renderToStaticMarkup(element)).toBe(renderToStaticMarkup(radix[i])));
    expect(renderToStaticMarkup(cases[0])).toBe('<a href="/x" class="a b c" title="child" style="color:blue;margin:1px" data-x="1">Hi</a>');
  });

  it('merges props as Radix does', () => {
    const cases: Record<string, unknown>[] = [
      { className: 'slot', children: <a className="child" href="/">x</a> },
      { className: undefined, children: <a className="" href="/">x</a> },
      { style: { color: 'red' }, children: <a style={{ margin: 0 }}>x</a> },
      { style: { color: 'red' }, children: <a>x</a> },
      { 'aria-describedby': 'a b', children: <a aria-describedby=" b  c ">x</a> },
      { 'aria-describedby': 'a', children: <a aria-describedby={undefined}>x</a> },
      { title: 'slot', disabled: true, children: <button title="child">x</button> },
      { children: <a href="/">x</a>, type: undefined },
    ];
    for (const props of cases) {
      const [ours, radix] = both(props);
      expect(ours.type).toBe(radix.type);
      expect(plainProps(ours)).toEqual(plainProps(radix));
      const keys = (element: Rendered) => Object.keys(element.props).filter((key) => key !== 'ref').sort();
      expect(keys(ours)).toEqual(keys(radix));
      // No ref either way (Radix sets it to the child's `element.ref`, null).
      expect(ours.props.ref ?? null).toBe(radix.props.ref ?? null);
    }
  });

  it('runs both event handlers, the child’s first, and returns the child’s result', () => {
    for (const Component of [Slot, RadixSlot.Root]) {
      const calls: string[] = [];
      const output = slotOutput(Component, {
        onClick: (event: unknown) => void calls.push(`slot ${String(event)}`),
        onFocus: () => calls.push('slot focus'),
        children: <a onClick={(event) => (calls.push(`child ${String(event)}`), 'child result')} onBlur={() => calls.push('child blur')}>x</a>,
      });
      expect((output.props.onClick as (e: string) => unknown)('e')).toBe('child result');
      (output.props.onFocus as () => void)();
      (output.props.onBlur as () => void)();
      expect(calls).toEqual(['child e', 'slot e', 'slot focus', 'child blur']);
    }
  });

  it('gives the element to the forwarded ref and the child’s ref', () => {
    const node = { tagName: 'A' } as unknown as HTMLElement;
    for (const Component of [Slot, RadixSlot.Root]) {
      const forwarded = createRef<HTMLElement>();
      const child = vi.fn();
      const output = slotOutput(Component, { children: <a ref={child}>x</a> }, forwarded);
      const cleanup = (output.props.ref as (node: HTMLElement | null) => (() => void) | undefined)(node);
      expect(forwarded.current).toBe(node);
      expect(child).toHaveBeenCalledWith(node);
      expect(cleanup).toBeUndefined();
    }
  });

  it('keeps the child’s own ref when no ref is forwarded, and runs ref cleanups', () => {
    const node = {} as HTMLElement;
    for (const Component of [Slot, RadixSlot.Root]) {
      const childRef = createRef<HTMLAnchorElement>();
      expect(slotOutput(Component, { children: <a ref={childRef}>x</a> }).props.ref).toBe(childRef);

      const forwarded = createRef<HTMLElement>();
      const cleanupChild = vi.fn();
      const output = slotOutput(Component, { children: <a ref={() => cleanupChild}>x</a> }, forwarded);
      const cleanup = (output.props.ref as (node: HTMLElement | null) => (() => void) | undefined)(node);
      expect(forwarded.current).toBe(node);
      cleanup!();
      expect(cleanupChild).toHaveBeenCalledOnce();
      expect(forwarded.current).toBeNull();
    }
  });

  it('renders nothing for no child, and refuses several', () => {
    expect(renderToStaticMarkup(<Slot className="x">{null}</Slot>)).toBe('');
    expect(() => renderToStaticMarkup(<Slot><a>1</a><a>2</a></Slot>)).toThrow(/Slot failed/);
    expect(() => renderToStaticMarkup(<Slot>text</Slot>)).toThrow(/Slot failed/);
    expect(() => renderToStaticMarkup(<RadixSlot.Root><a>1</a><a>2</a></RadixSlot.Root>)).toThrow(/Slot failed/);
  });
});

/** Button as it was, with Radix's Slot. */
const RadixButton = forwardRef<HTMLButtonElement, ButtonProps>(({ className, variant, size, asChild, type, ...props }, ref) => {
  const Component = asChild ? RadixSlot.Root : 'button';
  return <Component ref={ref} type={asChild ? undefined : (type ?? 'button')} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
});

describe('Button asChild', () => {
  it('renders a link as it did with Radix Slot', () => {
    const render = (B: typeof Button) =>
      renderToStaticMarkup(
        <MemoryRouter>
          <B asChild><Link to="/">Return Home</Link></B>
          <B variant="outline" size="lg" className="mt-8" asChild><Link to="/products" className="w-full">Browse all products</Link></B>
          <B onClick={() => undefined}>Try again</B>
        </MemoryRouter>,
      );
    expect(render(Button)).toBe(render(RadixButton));
    expect(render(Button)).toContain('<a class="inline-flex');
  });

  it('forwards its ref to the link', () => {
    const node = {} as HTMLAnchorElement;
    const ref = createRef<HTMLButtonElement>();
    let element: Rendered | undefined;
    const render = (Button as unknown as { render: (props: ButtonProps, ref: Ref<HTMLButtonElement>) => Rendered }).render;
    function Probe() {
      element = render({ asChild: true, children: <a href="/">x</a> }, ref);
      return null;
    }
    renderToStaticMarkup(<Probe />);
    // Button renders <Slot ref={ref}>; the Slot gives the ref the element it slots onto.
    expect(element!.type).toBe(Slot);
    const { ref: slotRef, ...slotProps } = element!.props;
    expect(slotRef).toBe(ref);
    const slotted = slotOutput(Slot, slotProps, slotRef as Ref<HTMLElement>);
    (slotted.props.ref as (node: HTMLElement) => void)(node);
    expect(ref.current).toBe(node);
  });
});
