import { createRef, type ReactElement, type Ref } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { Link, MemoryRouter } from 'react-router';
import { Slot } from './slot';
import { describe, expect, it } from 'vitest';
import { Button, type ButtonProps } from './button';

describe('Button', () => {
  it('is a type="button" button unless told otherwise', () => {
    expect(renderToStaticMarkup(<Button>Save</Button>)).toMatch(/^<button type="button" class="inline-flex[^"]*bg-accent[^"]*">Save<\/button>$/);
    expect(renderToStaticMarkup(<Button type="submit">Save</Button>)).toContain('type="submit"');
  });

  it('with asChild renders its link with the button styles and both class lists', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <Button variant="outline" size="lg" className="mt-8" asChild>
          <Link to="/products" className="w-full px-2">Browse all products</Link>
        </Button>
      </MemoryRouter>,
    );
    expect(html).toMatch(/^<a class="inline-flex[^"]*border-zinc-300[^"]*h-11 px-6[^"]*mt-8 w-full px-2" href="\/products" data-discover="true">Browse all products<\/a>$/);
    expect(html).not.toContain('type=');
  });

  it('with asChild hands its ref to Slot, which gives it the child element', () => {
    const ref = createRef<HTMLButtonElement>();
    const render = (Button as unknown as { render: (props: ButtonProps, ref: Ref<HTMLButtonElement>) => ReactElement<{ ref?: unknown }> }).render;
    let element: ReactElement<{ ref?: unknown }> | undefined;
    function Probe() {
      element = render({ asChild: true, children: <a href="/">Home</a> }, ref);
      return null;
    }
    renderToStaticMarkup(<Probe />);
    expect(element!.type).toBe(Slot);
    expect(element!.props.ref).toBe(ref);
  });

  it('Slot calls both click handlers, the child first, and keeps the child element', () => {
    const calls: string[] = [];
    const element = Slot({ onClick: () => calls.push('slot'), className: 'a', children: <a href="/x" className="b" onClick={() => calls.push('child')}>x</a> }) as ReactElement<{ onClick: () => void; className: string; href: string }>;
    element.props.onClick();
    expect(calls).toEqual(['child', 'slot']);
    expect(element.props.className).toBe('a b');
    expect(element.props.href).toBe('/x');
    expect(renderToString(Slot({ children: 'text' }))).toBe('');
  });
});
