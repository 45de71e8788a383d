import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inlineStylesheets, startAfterPaint } from './first-view';
import { indexStylesheet } from '../../web/ssr/stylesheet-index';

// The first view's stylesheet goes into the page's head (issue 29 item 4), so the first paint waits for
// no second download; anything odd leaves the link as it was.

let webDir: string;
const page = (href: string) => `<html><head><title>x</title><link rel="stylesheet" crossorigin href="${href}"></head><body><div id="root"></div></body></html>`;

beforeAll(() => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'first-view-css-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'index-abc.css'), '.a{color:red}@media (min-width:40rem){.b{margin:0}}');
  writeFileSync(path.join(webDir, 'assets', 'odd-abc.css'), '.a{content:"</style><script>x</script>"}');
  // A stylesheet with the rules index the build writes beside it (vite.config.ts).
  const indexed = '*{margin:0}.a{color:red}@media (min-width:40rem){.b{margin:0}.c{padding:0}}';
  writeFileSync(path.join(webDir, 'assets', 'indexed-abc.css'), indexed);
  writeFileSync(path.join(webDir, 'assets', 'indexed-abc.css.rules.json'), JSON.stringify(indexStylesheet(indexed)));
  writeFileSync(path.join(webDir, 'assets', 'broken-abc.css'), '.a{color:red}');
  writeFileSync(path.join(webDir, 'assets', 'broken-abc.css.rules.json'), '{not json');
});

afterAll(() => rmSync(webDir, { recursive: true, force: true }));

describe('inlineStylesheets', () => {
  const none = new Set<string>();

  it('writes the built stylesheet into the head in place of its link, which stays disabled', () => {
    const html = inlineStylesheets(page('/assets/index-abc.css'), webDir, none);
    expect(html).toBe(
      '<html><head><title>x</title><style>.a{color:red}@media (min-width:40rem){.b{margin:0}}</style><link rel="stylesheet" href="/assets/index-abc.css" disabled></head><body><div id="root"></div></body></html>',
    );
  });

  it('with the build’s rules index, only the rules the page’s classes can use', () => {
    const html = (classes: string[]) => inlineStylesheets(page('/assets/indexed-abc.css'), webDir, new Set(classes));
    expect(html(['c'])).toContain('<style>*{margin:0}@media (min-width:40rem){.c{padding:0}}</style><link rel="stylesheet" href="/assets/indexed-abc.css" disabled>');
    expect(html([])).toContain('<style>*{margin:0}</style>');
    expect(html(['a', 'b', 'c'])).toContain('<style>*{margin:0}.a{color:red}@media (min-width:40rem){.b{margin:0}.c{padding:0}}</style>');
    // An unreadable index: the whole stylesheet.
    expect(inlineStylesheets(page('/assets/broken-abc.css'), webDir, none)).toContain('<style>.a{color:red}</style>');
  });

  it('leaves the link when the file is missing, could end the <style> early, is not the app’s, or there is no build folder', () => {
    for (const href of ['/assets/missing-abc.css', '/assets/odd-abc.css', 'https://cdn.example/x.css', '/assets/../secret.css']) {
      expect(inlineStylesheets(page(href), webDir, none), href).toBe(page(href));
    }
    expect(inlineStylesheets(page('/assets/index-abc.css'), null, none)).toBe(page('/assets/index-abc.css'));
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
