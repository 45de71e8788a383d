// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECT_TEXT, type ConnectStatus } from '@shared/payment-connect';
import { renderForm, type Rendered } from '@/test/form-dom';
import { CapabilityList } from './CapabilityList';
import { ConnectPanel } from './ConnectPanel';

// Settings > Payment (issue 27 item 5): the tab never says "Test mode" beside "Ready for live payments",
// and the capability card names the provider that reports them.

let view: Rendered;
afterEach(async () => { await view?.unmount(); });

const connected = (provider: ConnectStatus['provider']): ConnectStatus => ({
  connected: true,
  provider,
  account: { reference: provider === 'stripe' ? 'acct_1' : 'acct_test_1' },
  checklist: [],
  capabilities: [{ capability: 'card_payments', status: 'active' }],
});
const panel = (status: ConnectStatus) =>
  renderForm(<ConnectPanel status={status} refreshing={false} connecting={false} onRefresh={() => undefined} onConnect={() => undefined} />);
const text = () => view.container.textContent ?? '';

describe('Payment tab: connected', () => {
  it('with the test gateway says Test mode and ready for test payments, never ready for live payments', async () => {
    view = await panel(connected('test'));
    expect(text()).toContain('Test mode');
    expect(text()).toContain(CONNECT_TEXT.readyForTests);
    expect(text()).not.toContain(CONNECT_TEXT.ready);
  });

  it('with Stripe says the spec’s Ready for live payments and no Test mode', async () => {
    view = await panel(connected('stripe'));
    expect(text()).toContain(CONNECT_TEXT.ready);
    expect(text()).not.toContain('Test mode');
  });
});

describe('Payment tab: capabilities', () => {
  it('names Stripe when Stripe reports none (the spec’s text)', async () => {
    view = await renderForm(<CapabilityList capabilities={[]} provider="stripe" />);
    expect(text()).toContain('Stripe has not reported any capabilities yet.');
    expect(text()).toContain('as Stripe reports it');
  });

  it('names the test gateway, not Stripe, when the test gateway reports none', async () => {
    view = await renderForm(<CapabilityList capabilities={[]} provider="test" />);
    expect(text()).toContain('The built-in test gateway has not reported any capabilities yet.');
    expect(text()).toContain('as the built-in test gateway reports it');
    expect(text()).not.toContain('Stripe');
  });
});
