import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

// What a browser does with each accepted answer: it must stay on the page's own origin.
const landsOn = (path: string) => new URL(path, 'http://demo.localhost:3000/login').origin;

describe('safeRedirectPath', () => {
  it.each([
    ['/admin', '/admin'],
    ['/', '/'],
    ['/my-orders', '/my-orders'],
    ['/p/some-slug?x=1#y', '/p/some-slug?x=1#y'],
    ['/admin/orders?page=2#top', '/admin/orders?page=2#top'],
    ['/c/garden-tools?sort=price&page=3', '/c/garden-tools?sort=price&page=3'],
    ['/search?q=%2F%2Fnot-a-host', '/search?q=%2F%2Fnot-a-host'],
    ['/p/caf%C3%A9-chairs', '/p/caf%C3%A9-chairs'],
    ['/p/100%25-wool', '/p/100%25-wool'],
    // Dot segments that stay on the site are resolved as the browser would.
    ['/a/./b/../c', '/a/c'],
    ['/p/x?next=//evil.com', '/p/x?next=//evil.com'],
  ])('keeps the same-site path %j as %j', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
    expect(landsOn(expected)).toBe('http://demo.localhost:3000');
  });

  it.each([
    null,
    undefined,
    '',
    'admin',
    'https://evil.com/admin',
    'http:evil.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/.//evil.com',
    '/..//evil.com',
    '/./\\evil.com',
    '/a/../..//evil.com',
    '/x/%2e%2e/%2e%2e//evil.com',
    '/%2e//evil.com',
    '/%2E//evil.com',
    '/%2e%2e//evil.com',
    '/%2E%2E//evil.com',
    '/.%2e//evil.com',
    '/%5cevil.com',
    '/%5Cevil.com',
    '/%2fevil.com',
    '/%2F%2Fevil.com',
    '/%2e%2e/%2fevil.com',
    '/%252e%252e//evil.com',
    '/%25252f%25252fevil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r\n/evil.com',
    '\t//evil.com',
    '/%09/evil.com',
    '/%0d%0aSet-Cookie:x=1',
    '/\u0000x',
    '/%00x',
    '/login?redirect=/x',
    '/login',
    '/LOGIN',
    '/logout',
    '/%6cogin',
  ])('falls back to /admin for %j', (raw) => {
    expect(safeRedirectPath(raw)).toBe('/admin');
  });

  it('falls back for a value longer than any page address', () => {
    expect(safeRedirectPath(`/${'a'.repeat(2001)}`)).toBe('/admin');
  });

  it('falls back to the fallback given', () => {
    expect(safeRedirectPath('/.//evil.com', '/')).toBe('/');
    expect(safeRedirectPath(null, '/')).toBe('/');
  });

  it('never answers a path that a browser would take to another origin', () => {
    const prefixes = ['/', '/.', '/..', '/%2e', '/%2E%2E', '/a/..', '/\\', '/%5c', '/\t', '/%09', '/%2f', '/%252f'];
    const middles = ['', '/', '\\', '%2f', '%5c', '/.', '/..', '%2e'];
    for (const p of prefixes) {
      for (const m of middles) {
        const raw = `${p}${m}/evil.com/x`;
        const answer = safeRedirectPath(raw);
        expect(landsOn(answer), raw).toBe('http://demo.localhost:3000');
        expect(answer.startsWith('//') || answer.startsWith('/\\'), raw).toBe(false);
      }
    }
  });
});
