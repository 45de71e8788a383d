import { afterAll, afterEach } from 'vitest';
import { closeBrowser, snapIfFailed } from './browser';

// Runs in every journey file (vitest.e2e.config.ts setupFiles): a failed journey leaves screenshots of
// its open pages, and the file's Chromium is closed when its journeys are done.
afterEach(snapIfFailed);
afterAll(closeBrowser);
