import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inlineStylesheets, startAfterPaint } from './first-view';

// The first view's stylesheet goes into the page's head (issue 29 item 4), so the first paint waits for
// no second download; anything odd leaves the link as it was.

let webDir: string;
const page = (href: string) => `<html><head><title>x</title><link rel="stylesheet" crossorigin href="${href}"></head><body><div id="root"></div></body></html>`;

beforeAll(() => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'first-view-css-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'index-abc.css'), '.a{color:red}@media (min-width:40rem){.b{margin:0}}');
  writeFileSync(path.join(webDir, 'assets', 'odd-abc.css'), '.a{content:"</style><script>x</script>"}');
});

afterAll(() => rmSync(webDir, { recursive: true, force: true }));

describe('inlineStylesheets', () => {
  it('writes the built stylesheet into the head in place of its link', () => {
    const html = inlineStylesheets(page('/assets/index-abc.css'), webDir);
    expect(html).toBe(
      '<html><head><title>x</title><style>.a{color:red}@media (min-width:40rem){.b{margin:0}}</style><link rel="stylesheet" href="/assets/index-abc.css" disabled></head><body><div id="root"></div></body></html>',
    );
  });

  it('leaves the link when the file is missing, could end the <style> early, is not the app’s, or there is no build folder', () => {
    for (const href of ['/assets/missing-abc.css', '/assets/odd-abc.css', 'https://cdn.example/x.css', '/assets/../secret.css']) {
      expect(inlineStylesheets(page(href), webDir), href).toBe(page(href));
    }
    expect(inlineStylesheets(page('/assets/index-abc.css'), null)).toBe(page('/assets/index-abc.css'));
  });
});

describe('startAfterPaint', () => {
  it('starts the built entry from /start-app.js once the page is painted; anything else is left', () => {
    const head = '<head><script type="module" crossorigin src="/assets/index-B0CTd0R.js"></script></head>';
    expect(startAfterPaint(head)).toBe('<head><script src="/start-app.js" data-entry="/assets/index-B0CTd0R.js" defer></script></head>');
    const other = '<head><script type="module" src="https://cdn.example/x.js"></script></head>';
    expect(startAfterPaint(other)).toBe(other);
  });
});
