import { afterAll, afterEach } from 'vitest';
import { closeBrowser, snapIfFailed, takeHydrationErrors } from './browser';

// Runs in every journey file (vitest.e2e.config.ts setupFiles): a failed journey leaves screenshots of
// its open pages, and the file's Chromium is closed when its journeys are done.
afterEach(snapIfFailed);
// A server-rendered page the browser could not take over as it was is a failed journey (issue 29).
afterEach(() => {
  const errors = takeHydrationErrors();
  if (errors.length) throw new Error(`hydration errors:\n${errors.join('\n')}`);
});
afterAll(closeBrowser);
