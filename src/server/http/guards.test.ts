import { describe, expect, it } from 'vitest';
import { assertClientTenant } from './guards';
import { AppError } from './errors';

describe('assertClientTenant', () => {
  const ctx = { tenantId: '11111111-1111-4111-8111-111111111111' };

  it('lets an absent or matching tenant id through', () => {
    for (const sent of [undefined, null, '', ctx.tenantId]) expect(() => assertClientTenant(ctx, sent)).not.toThrow();
  });

  it('refuses another tenant id (or any other value) with 403', () => {
    for (const sent of ['22222222-2222-4222-8222-222222222222', 42, { id: ctx.tenantId }]) {
      let error: unknown;
      try { assertClientTenant(ctx, sent); } catch (e) { error = e; }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(403);
    }
  });
});
