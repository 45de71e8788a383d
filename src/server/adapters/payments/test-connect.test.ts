import { describe, expect, it } from 'vitest';
import type { UnitOfWork } from '../../db/unit-of-work';
import { assertWellFormedEvent, WebhookPayloadError, WebhookSignatureError } from './payments';
import { testAccountState, type TestConnectRow } from './test-connect';
import { TestGateway, TEST_SIGNATURE_HEADER } from './test-gateway';
import { checkDateOfBirth } from './test-connect-routes';

const gateway = new TestGateway({} as UnitOfWork, 'secret');
const row = (over: Partial<TestConnectRow> = {}): TestConnectRow => ({
  id: 'acct_test_0123456789abcdef01234567',
  tenantId: '0f8c2d1e-6b7a-4c3d-9e8f-1a2b3c4d5e6f',
  shopName: 'Demo Store',
  businessName: null,
  businessType: null,
  website: null,
  bankLast4: null,
  personName: null,
  businessDetailsAt: null,
  bankAccountAt: null,
  identityAt: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...over,
});
const at = new Date('2026-01-01T00:00:00Z');

describe('the test account as Stripe would describe it', () => {
  it('each onboarding step clears its requirements and switches on what it unlocks', () => {
    const none = testAccountState(row());
    expect(none).toMatchObject({ detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false, capabilities: {} });
    expect(none.requirements.currentlyDue).toEqual(expect.arrayContaining(['business_type', 'external_account', 'individual.verification.document']));

    const business = testAccountState(row({ businessDetailsAt: at }));
    expect(business.requirements.currentlyDue).not.toContain('business_type');
    expect(business.capabilities).toEqual({ card_payments: 'pending', transfers: 'inactive' });

    const identity = testAccountState(row({ businessDetailsAt: at, identityAt: at }));
    expect(identity).toMatchObject({ chargesEnabled: true, payoutsEnabled: false, capabilities: { card_payments: 'active', transfers: 'inactive' } });

    const all = testAccountState(row({ businessDetailsAt: at, bankAccountAt: at, identityAt: at }));
    expect(all).toMatchObject({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, capabilities: { card_payments: 'active', transfers: 'active' } });
    expect(all.requirements).toEqual({ currentlyDue: [], pastDue: [], pendingVerification: [], disabledReason: null });
  });
});

describe('onboarding links', () => {
  const link = { accountRef: row().id, tenantId: row().tenantId, returnUrl: 'http://demo.localhost:3000/admin/settings?tab=payment', refreshUrl: 'http://demo.localhost:3000/admin/settings?tab=payment&r=1', expiresAt: 2_000_000_000 };

  it('read back what was signed, and nothing forged, by another secret or out of time', () => {
    const token = gateway.connect.signLink(link);
    expect(gateway.connect.readLink(token, 1_000_000_000_000)).toEqual(link);
    expect(gateway.connect.readLink(token, 2_000_000_001_000)).toEqual({ expired: link });
    expect(new TestGateway({} as UnitOfWork, 'other').connect.readLink(token)).toBeNull();
    const [body, mac] = token.split('.');
    const changed = Buffer.from(Buffer.from(body, 'base64url').toString().replace('admin/settings', 'evil')).toString('base64url');
    expect(gateway.connect.readLink(`${changed}.${mac}`)).toBeNull();
    expect(gateway.connect.readLink('')).toBeNull();
    expect(gateway.connect.readLink('a.b')).toBeNull();
  });
});

describe('account.updated from the test gateway', () => {
  it('verifies and reads as the Stripe-shaped state', () => {
    const signed = gateway.connect.signedAccountEvent(row({ businessDetailsAt: at, bankAccountAt: at, identityAt: at, updatedAt: at }));
    const event = gateway.verifyWebhook(Buffer.from(signed.payload), { [TEST_SIGNATURE_HEADER]: signed.signature });
    expect(event).toMatchObject({ provider: 'test', eventId: signed.eventId, type: 'account.updated', tenantId: row().tenantId, sessionId: null, orderId: null });
    expect(event.account).toEqual({ state: testAccountState(row({ businessDetailsAt: at, bankAccountAt: at, identityAt: at })), occurredAt: at });
    expect(() => assertWellFormedEvent(event)).not.toThrow();
    // The same state signs to the same event id; another state to another.
    expect(gateway.connect.signedAccountEvent(row({ businessDetailsAt: at, bankAccountAt: at, identityAt: at })).eventId).toBe(signed.eventId);
    expect(gateway.connect.signedAccountEvent(row({ businessDetailsAt: at })).eventId).not.toBe(signed.eventId);
    expect(() => gateway.verifyWebhook(Buffer.from(signed.payload.replace('"charges_enabled":true', '"charges_enabled":false')), { [TEST_SIGNATURE_HEADER]: signed.signature })).toThrow(WebhookSignatureError);
  });

  it('an account event without a well-formed account is refused', () => {
    const base = { provider: 'stripe', eventId: 'evt_1', type: 'account.updated' as const, sessionId: null, tenantId: null, orderId: null, paymentReference: null, amountTotal: null };
    expect(() => assertWellFormedEvent({ ...base, account: null })).toThrow(WebhookPayloadError);
    expect(() => assertWellFormedEvent({ ...base, account: { state: { ...testAccountState(row()), accountRef: 'not an account' }, occurredAt: at } })).toThrow(WebhookPayloadError);
  });
});

describe('date of birth on the identity step', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it('needs a real date, and an adult', () => {
    expect(checkDateOfBirth('10', '12', '1985', now)).toBeNull();
    expect(checkDateOfBirth('15', '6', '2008', now)).toBeNull(); // 18 today
    expect(checkDateOfBirth('16', '6', '2008', now)).toBe('You must be 18 or over to set up payments for a business.');
    expect(checkDateOfBirth('29', '2', '2001', now)).toBe('Enter a real date of birth, such as 27 3 1985.');
    expect(checkDateOfBirth('', '', '', now)).toBe('Enter a real date of birth, such as 27 3 1985.');
    expect(checkDateOfBirth('1', '1', '1800', now)).toBe('Enter a real date of birth, such as 27 3 1985.');
  });
});
