// @vitest-environment happy-dom
import { act } from 'react';
import { useForm } from 'react-hook-form';
import { BrowserRouter, Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { click, renderForm, typeInto, type Rendered } from '@/test/form-dom';
import { UnsavedChangesGuard, useLeaveGuard, useUnsavedChanges } from './use-unsaved-changes';

// "No lost work" (issue 27 item 4): a dirty form asks before an in-app link, a programmatic move or
// the browser's back button or the tab's closing takes it away; a clean or just-saved one never does.
// The journey e2e/unsaved-changes.e2e.ts does the same on the admin's real forms in Chromium.

/** A product form as the admin's are: react-hook-form, Save resets it (or, with thenLeave, navigates away). */
function ProductForm({ thenLeave = false }: { thenLeave?: boolean }) {
  const form = useForm({ defaultValues: { name: 'Oak mug' } });
  const navigate = useNavigate();
  const guard = useUnsavedChanges(form.formState.isDirty, 'this product');
  const save = form.handleSubmit((values) => {
    form.reset(values);
    if (thenLeave) guard.withoutAsking(() => navigate('/products'));
  });
  return (
    <form aria-label="Product" onSubmit={save}>
      <label htmlFor="name">Name</label>
      <input id="name" {...form.register('name')} />
      <button type="submit">Save</button>
      <button type="button" onClick={() => navigate(-1)}>Back</button>
    </form>
  );
}

/** A tab row whose tabs select on focus (as components/ui/tabs.tsx's), kept in the address as ?tab=. */
function TabRow() {
  const navigate = useNavigate();
  return (
    <div role="tablist">
      <button type="button" role="tab" aria-selected="true">Details</button>
      <button type="button" role="tab" aria-selected="false" tabIndex={-1} onFocus={() => navigate('?tab=shipping', { replace: true })}>Shipping</button>
    </div>
  );
}

function SignOut() {
  const guard = useLeaveGuard();
  const navigate = useNavigate();
  return <button type="button" onClick={() => guard.askFirst(() => navigate('/signed-out'))}>Sign out</button>;
}

let view: Rendered;
afterEach(async () => {
  await view.unmount();
});

async function open(options: { thenLeave?: boolean; guarded?: boolean; browser?: boolean } = {}) {
  const routes = (
    <>
      <nav>
        <Link to="/products">Products</Link>
        <Link to="/products/1/edit#stock">Stock</Link>
        <Link to="/products/1/edit">Edit</Link>
        <SignOut />
      </nav>
      <TabRow />
      <Routes>
        <Route path="/products" element={<h1>All products</h1>} />
        <Route path="/products/1/edit" element={<ProductForm thenLeave={options.thenLeave} />} />
        <Route path="/signed-out" element={<h1>Signed out</h1>} />
      </Routes>
    </>
  );
  const guarded = options.guarded === false ? routes : <UnsavedChangesGuard>{routes}</UnsavedChangesGuard>;
  if (options.browser) {
    // The app's own router: the window's history, as in the browser (a fresh entry for the list).
    window.history.pushState(null, '', '/products');
    view = await renderForm(<BrowserRouter>{guarded}</BrowserRouter>);
    await click(link('Edit'));
    return;
  }
  view = await renderForm(
    <MemoryRouter initialEntries={['/products', '/products/1/edit']} initialIndex={1}>
      {guarded}
    </MemoryRouter>,
  );
}

/** The browser's back button: history.back() and the popstate events that follow. */
async function pressBack() {
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

const link = (name: string) => [...document.querySelectorAll('a, button')].find((a) => a.textContent === name)!;
const heading = () => document.querySelector('h1')?.textContent ?? null;
const onForm = () => document.querySelector('form[aria-label="Product"]') !== null;
const dialog = () => document.querySelector('[role="dialog"]');
const button = (name: string) => [...document.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent === name)!;
/** Dispatches beforeunload as the browser does before closing or reloading; true when the page asks to stay. */
const unloadAsks = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useUnsavedChanges', () => {
  it('lets a clean form go at once: no dialog, no question on closing the tab', async () => {
    await open();
    expect(unloadAsks()).toBe(false);
    await click(link('Products'));
    expect(dialog()).toBeNull();
    expect(heading()).toBe('All products');
  });

  it('asks before a link takes a dirty form away: Stay keeps the page and the typing, Leave goes', async () => {
    await open();
    await typeInto(view.field('Name'), 'Oak mug, large');
    await click(link('Products'));
    expect(dialog()?.querySelector('h2')?.textContent).toBe('Leave without saving?');
    expect(dialog()?.textContent).toContain('Your changes to this product will be lost.');
    expect(onForm()).toBe(true);

    await click(button('Stay'));
    expect(dialog()).toBeNull();
    expect(onForm()).toBe(true);
    expect(view.field('Name').value).toBe('Oak mug, large');

    await click(link('Products'));
    await click(button('Leave'));
    expect(dialog()).toBeNull();
    expect(heading()).toBe('All products');
  });

  it('asks before a programmatic move back (navigate(-1)) and a button that leaves (askFirst)', async () => {
    await open();
    await typeInto(view.field('Name'), 'Oak mug, large');
    await click(link('Back'));
    expect(dialog()).not.toBeNull();
    await click(button('Stay'));
    expect(onForm()).toBe(true);
    await click(link('Back'));
    await click(button('Leave'));
    expect(heading()).toBe('All products');
  });

  it('asks before a sign-out button (askFirst) only while a form is dirty', async () => {
    await open();
    await typeInto(view.field('Name'), 'Oak mug, large');
    await click(link('Sign out'));
    expect(dialog()).not.toBeNull();
    await click(button('Leave'));
    expect(heading()).toBe('Signed out');
  });

  it('after Stay, gives focus back where it was; a tab that selects on focus does not ask again', async () => {
    await open();
    await typeInto(view.field('Name'), 'Oak mug, large');
    await act(async () => view.field('Name').focus());
    await click(link('Products'));
    await click(button('Stay'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.activeElement).toBe(view.field('Name'));

    await act(async () => (link('Shipping') as HTMLElement).focus());
    expect(dialog()).not.toBeNull();
    await click(button('Stay'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(dialog()).toBeNull();
    expect(document.activeElement?.textContent).toBe('Details');
    expect(onForm()).toBe(true);
  });

  it('never asks for a #hash on the same page', async () => {
    await open();
    await typeInto(view.field('Name'), 'Oak mug, large');
    await click(link('Stock'));
    expect(dialog()).toBeNull();
    expect(onForm()).toBe(true);
  });

  it('sets beforeunload only while dirty: typing adds it, saving (the form clean again) removes it', async () => {
    await open();
    expect(unloadAsks()).toBe(false);
    await typeInto(view.field('Name'), 'Oak mug, large');
    expect(unloadAsks()).toBe(true);
    await typeInto(view.field('Name'), 'Oak mug');
    expect(unloadAsks()).toBe(false);
    await typeInto(view.field('Name'), 'Oak mug, large');
    await act(async () => view.container.querySelector('form')!.requestSubmit());
    expect(unloadAsks()).toBe(false);
    await click(link('Products'));
    expect(dialog()).toBeNull();
    expect(heading()).toBe('All products');
  });

  it('does not ask when the save itself navigates away (withoutAsking)', async () => {
    await open({ thenLeave: true });
    await typeInto(view.field('Name'), 'Oak mug, large');
    await act(async () => view.container.querySelector('form')!.requestSubmit());
    expect(dialog()).toBeNull();
    expect(heading()).toBe('All products');
    expect(unloadAsks()).toBe(false);
  });

  it('asks before the browser back button leaves a dirty form: Stay puts the address back, Leave goes back', async () => {
    await open({ browser: true });
    expect(onForm()).toBe(true);
    await typeInto(view.field('Name'), 'Oak mug, large');
    await pressBack();
    expect(dialog()?.textContent).toContain('Your changes to this product will be lost.');
    expect(onForm()).toBe(true);
    expect(window.location.pathname).toBe('/products/1/edit');

    await click(button('Stay'));
    expect(onForm()).toBe(true);
    expect(view.field('Name').value).toBe('Oak mug, large');
    expect(window.location.pathname).toBe('/products/1/edit');

    await pressBack();
    await click(button('Leave'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(heading()).toBe('All products');
    expect(window.location.pathname).toBe('/products');
  });

  it('lets the back button go at once from a clean form', async () => {
    await open({ browser: true });
    await pressBack();
    expect(dialog()).toBeNull();
    expect(heading()).toBe('All products');
  });

  it('outside a guard, guards the tab only and never breaks the form', async () => {
    await open({ guarded: false });
    await typeInto(view.field('Name'), 'Oak mug, large');
    expect(unloadAsks()).toBe(true);
    await click(link('Products'));
    expect(heading()).toBe('All products');
  });
});
