import { describe, expect, it } from 'vitest';
import type { ConnectAccountState } from '../../adapters/payments/connect';
import { describeRequirement, groupOf, toConnectStatus } from './checklist';

const state = (over: Partial<ConnectAccountState> = {}, requirements: Partial<ConnectAccountState['requirements']> = {}): ConnectAccountState => ({
  accountRef: 'acct_1',
  detailsSubmitted: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  capabilities: {},
  ...over,
  requirements: { currentlyDue: [], pastDue: [], pendingVerification: [], disabledReason: null, ...requirements },
});
const byId = (s: ReturnType<typeof toConnectStatus>) => Object.fromEntries(s.checklist.map((i) => [i.id, i]));

describe('requirement keys', () => {
  it('fall into the business, bank and identity groups', () => {
    expect(groupOf('external_account')).toBe('bank');
    for (const key of ['individual.dob.day', 'representative.verification.document', 'person_1Abc.first_name', 'owners.first_name', 'relationship.title', 'company.directors_provided']) {
      expect(groupOf(key), key).toBe('identity');
    }
    for (const key of ['business_type', 'business_profile.url', 'tos_acceptance.date', 'company.tax_id', 'settings.payments.statement_descriptor']) {
      expect(groupOf(key), key).toBe('business');
    }
  });

  it('read as plain words, unknown ones from their last part', () => {
    expect(describeRequirement('external_account')).toBe('bank account');
    expect(describeRequirement('individual.verification.document')).toBe('identity document');
    expect(describeRequirement('person_1Abc.verification.additional_document')).toBe('proof of address');
    expect(describeRequirement('representative.address.postal_code')).toBe('home address');
    expect(describeRequirement('company.address.city')).toBe('business address');
    expect(describeRequirement('tos_acceptance.ip')).toBe("acceptance of Stripe's terms");
    expect(describeRequirement('settings.payments.statement_descriptor')).toBe('statement descriptor');
  });
});

describe('toConnectStatus', () => {
  it('with no account: nothing connected, every item pending, no capabilities', () => {
    const s = toConnectStatus('stripe', null);
    expect(s).toMatchObject({ connected: false, provider: 'stripe', account: null, capabilities: [] });
    expect(s.checklist.map((i) => i.status)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
  });

  it('due keys (now or overdue) make their group action_required, naming at most four things', () => {
    const s = toConnectStatus('stripe', state({}, {
      currentlyDue: ['business_type', 'business_profile.url', 'business_profile.mcc', 'company.name', 'company.tax_id', 'company.phone'],
      pastDue: ['external_account'],
    }));
    const items = byId(s);
    expect(items.business_details).toMatchObject({ status: 'action_required', hint: 'Still needed: business type, website, business category, company name and 2 more.' });
    expect(items.bank_account).toMatchObject({ status: 'action_required', hint: 'Still needed: bank account.' });
    expect(items.identity).toMatchObject({ status: 'complete' });
    expect(items.charges_enabled).toMatchObject({ status: 'action_required', hint: 'Turns on once the details above are complete.' });
  });

  it('keys being verified are pending, and with nothing due the switches wait as pending', () => {
    const items = byId(toConnectStatus('stripe', state({ detailsSubmitted: true }, { pendingVerification: ['individual.verification.document', 'individual.verification.document'] })));
    expect(items.identity).toMatchObject({ status: 'pending', hint: 'Being verified: identity document.' });
    expect(items.charges_enabled).toMatchObject({ status: 'pending', hint: 'Your details are in; the provider is reviewing them.' });
    expect(items.business_details.status).toBe('complete');
  });

  it('is connected only with details submitted, charges enabled and transfers active', () => {
    const ready = state({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, capabilities: { transfers: 'active', card_payments: 'active' } });
    const s = toConnectStatus('test', ready);
    expect(s.connected).toBe(true);
    expect(s.account).toEqual({ reference: 'acct_1' });
    expect(s.checklist.every((i) => i.status === 'complete')).toBe(true);
    // Sorted by name, as reported.
    expect(s.capabilities).toEqual([{ capability: 'card_payments', status: 'active' }, { capability: 'transfers', status: 'active' }]);
    expect(toConnectStatus('test', { ...ready, capabilities: { transfers: 'pending', card_payments: 'active' } }).connected).toBe(false);
    expect(toConnectStatus('test', { ...ready, chargesEnabled: false }).connected).toBe(false);
    expect(toConnectStatus('test', { ...ready, detailsSubmitted: false }).connected).toBe(false);
  });
});
