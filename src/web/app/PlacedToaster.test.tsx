// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlacedToaster, toast } from './PlacedToaster';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A window as wide as `width`: matchMedia answers the max-width queries the way a browser would. */
function screenOf(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  }) as unknown as typeof window.matchMedia;
}

let root: Root;
let host: HTMLElement;

async function showToast(): Promise<{ x: string | null; y: string | null }> {
  await act(async () => {
    root.render(<PlacedToaster />);
  });
  await act(async () => {
    toast.success('Saved');
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  const list = document.querySelector('[data-sonner-toaster]');
  return { x: list?.getAttribute('data-x-position') ?? null, y: list?.getAttribute('data-y-position') ?? null };
}

beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.removeAttribute('data-scroll-locked');
});

describe('PlacedToaster', () => {
  it('sits top right on a wide screen while no dialog is open', async () => {
    screenOf(1280);
    expect(await showToast()).toEqual({ x: 'right', y: 'top' });
  });

  it('moves to the bottom right while a dialog or sheet holds the page, clear of its close button', async () => {
    screenOf(1280);
    expect(await showToast()).toEqual({ x: 'right', y: 'top' });
    await act(async () => {
      document.body.setAttribute('data-scroll-locked', '1');
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const list = document.querySelector('[data-sonner-toaster]');
    expect([list?.getAttribute('data-x-position'), list?.getAttribute('data-y-position')]).toEqual(['right', 'bottom']);
  });

  it('rises from the bottom on a phone, away from the header and every close button', async () => {
    screenOf(375);
    expect(await showToast()).toEqual({ x: 'center', y: 'bottom' });
  });
});
