import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it('keeps same-site paths with query and hash', () => {
    expect(safeRedirectPath('/admin/orders?page=2#top')).toBe('/admin/orders?page=2#top');
    expect(safeRedirectPath('/my-orders')).toBe('/my-orders');
  });

  it.each([null, undefined, '', 'https://evil.example/admin', '//evil.example', '/\\evil.example', 'admin', '/login?redirect=/x', '/logout', 'javascript:alert(1)', '/\u0000x'])(
    'falls back to /admin for %j',
    (raw) => {
      expect(safeRedirectPath(raw)).toBe('/admin');
    },
  );
});
