import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpCodeAt, totpStepOf, totpUri } from './totp';
import { openSecret, sealSecret } from './secret-box';

// A fixed clock: 2026-11-28 12:00:00 UTC is step 59,352,480 of 30 seconds.
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const STEP = Math.floor(NOW / 30_000);

describe('TOTP', () => {
  const secret = newTotpSecret();

  it('accepts the code of this step and of the steps either side, naming the step', () => {
    expect(totpStepOf(secret, totpCodeAt(secret, NOW), NOW)).toBe(STEP);
    expect(totpStepOf(secret, totpCodeAt(secret, NOW - 30_000), NOW)).toBe(STEP - 1);
    expect(totpStepOf(secret, totpCodeAt(secret, NOW + 30_000), NOW)).toBe(STEP + 1);
  });

  it('refuses a code two steps old, a wrong code and junk', () => {
    expect(totpStepOf(secret, totpCodeAt(secret, NOW - 60_000), NOW)).toBeNull();
    const wrong = String((Number(totpCodeAt(secret, NOW)) + 1) % 1_000_000).padStart(6, '0');
    expect(totpStepOf(secret, wrong, NOW)).toBeNull();
    expect(totpStepOf(secret, 'abcdef', NOW)).toBeNull();
    expect(totpStepOf(secret, '', NOW)).toBeNull();
  });

  it('writes an otpauth address an app can read', () => {
    expect(totpUri(secret, 'ada@example.co.uk', 'Demo Store')).toMatch(/^otpauth:\/\/totp\/Demo%20Store:ada%40example\.co\.uk\?issuer=Demo%20Store&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/);
  });
});

describe('recovery codes', () => {
  it('makes ten different codes, compared without case, spaces or dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(hashRecoveryCode(codes[0].toUpperCase().replace(/-/g, ' '))).toBe(hashRecoveryCode(codes[0]));
  });
});

describe('sealed secrets', () => {
  it('open with the same server secret only, and not when altered', () => {
    const sealed = sealSecret('server-secret-1', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret('server-secret-1', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(openSecret('server-secret-2', sealed)).toBeNull();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(openSecret('server-secret-1', altered)).toBeNull();
    expect(openSecret('server-secret-1', 'junk')).toBeNull();
  });
});
