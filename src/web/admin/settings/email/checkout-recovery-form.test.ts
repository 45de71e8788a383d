import { describe, expect, it } from 'vitest';
import { CHECKOUT_RECOVERY_TEXT } from '@shared/checkout-recovery';
import { checkRecoveryDraft, recoveryDraftOf } from './checkout-recovery-form';

describe('the checkout recovery form', () => {
  it('sends whole hours from 1 to 72', () => {
    expect(checkRecoveryDraft({ enabled: true, hours: ' 12 ' })).toEqual({ ok: true, body: { enabled: true, send_after_hours: 12 } });
    expect(checkRecoveryDraft(recoveryDraftOf({ enabled: false, send_after_hours: 72 }))).toEqual({ ok: true, body: { enabled: false, send_after_hours: 72 } });
  });

  it('says what is wrong with anything else, as the server would', () => {
    for (const hours of ['', '0', '73', '4.5', '4h', '-1', '99999999']) {
      expect(checkRecoveryDraft({ enabled: true, hours })).toEqual({ ok: false, fields: { send_after_hours: CHECKOUT_RECOVERY_TEXT.hoursInvalid } });
    }
  });
});
