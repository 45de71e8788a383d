import { isReadyForPayments, type ConnectAccountState } from '../../adapters/payments/connect';
import type { ChecklistItem, ChecklistStatus, ConnectStatus } from '../../../shared/payment-connect';

/**
 * The settings tab's checklist and capabilities from the provider's account state (admin spec §3, §4).
 * Stripe's requirement keys fall into three groups that match what its onboarding asks for: the
 * business, the bank account, and the people behind it. A group with a key due (now or overdue) needs
 * the account holder's action; one with keys being checked is pending; otherwise it is complete.
 */
type Group = 'business' | 'bank' | 'identity';

const PERSON = /^(individual|representative|person_[A-Za-z0-9]+|owners|directors|executives|relationship)(\.|$)|^company\.(owners|directors|executives)_provided$/;

export function groupOf(key: string): Group {
  if (key === 'external_account' || key.startsWith('external_account.')) return 'bank';
  if (PERSON.test(key)) return 'identity';
  return 'business';
}

/** Plain words for the requirement keys Stripe asks UK accounts for most; others from their last part. */
export function describeRequirement(key: string): string {
  const rules: [RegExp, string][] = [
    [/^external_account/, 'bank account'],
    [/\.verification\.additional_document/, 'proof of address'],
    [/\.verification\.document/, 'identity document'],
    [/\.dob\./, 'date of birth'],
    [/\.(first_name|last_name)$/, 'legal name'],
    [/^(individual|representative|person_[A-Za-z0-9]+)\.address\./, 'home address'],
    [/\.email$/, 'email address'],
    [/^(individual|representative|person_[A-Za-z0-9]+)\.phone$/, 'phone number'],
    [/\.id_number$/, 'national insurance number'],
    [/^(relationship|(individual|representative|person_[A-Za-z0-9]+)\.relationship)\./, 'role in the business'],
    [/^(owners|directors|executives)|_provided$/, 'owners and directors'],
    [/^business_type$/, 'business type'],
    [/^business_profile\.mcc$/, 'business category'],
    [/^business_profile\.url$/, 'website'],
    [/^business_profile\.product_description$/, 'product description'],
    [/^business_profile\.name$/, 'business name'],
    [/^tos_acceptance\./, "acceptance of Stripe's terms"],
    [/^company\.name$/, 'company name'],
    [/^company\.tax_id$/, 'company tax reference'],
    [/^company\.registration_number$/, 'company registration number'],
    [/^company\.address\./, 'business address'],
    [/^company\.phone$/, 'business phone number'],
  ];
  for (const [pattern, words] of rules) if (pattern.test(key)) return words;
  const last = key.split('.').pop() ?? key;
  return last.replace(/_/g, ' ');
}

function listed(keys: string[]): string {
  const words = [...new Set(keys.map(describeRequirement))];
  const shown = words.slice(0, 4).join(', ');
  return words.length > 4 ? `${shown} and ${words.length - 4} more` : shown;
}

function groupItem(state: ConnectAccountState, group: Group, id: string, label: string, done: string): ChecklistItem {
  const due = [...state.requirements.pastDue, ...state.requirements.currentlyDue].filter((k) => groupOf(k) === group);
  if (due.length > 0) return { id, label, status: 'action_required', hint: `Still needed: ${listed(due)}.` };
  const checking = state.requirements.pendingVerification.filter((k) => groupOf(k) === group);
  if (checking.length > 0) return { id, label, status: 'pending', hint: `Being verified: ${listed(checking)}.` };
  return { id, label, status: 'complete', hint: done };
}

/** Enabled: complete. Not yet: action_required while anything is due, else pending (the provider is reviewing). */
function switchItem(state: ConnectAccountState, on: boolean, id: string, label: string, done: string): ChecklistItem {
  if (on) return { id, label, status: 'complete', hint: done };
  const anythingDue = state.requirements.currentlyDue.length + state.requirements.pastDue.length > 0;
  const status: ChecklistStatus = anythingDue ? 'action_required' : 'pending';
  return { id, label, status, hint: anythingDue ? 'Turns on once the details above are complete.' : 'Your details are in; the provider is reviewing them.' };
}

const LABELS = {
  business: 'Business details',
  bank: 'Bank account for payouts',
  identity: 'Identity verification',
  charges: 'Card payments enabled',
  payouts: 'Payouts enabled',
} as const;

/** Before any account exists: every step is still to come, each saying what it will ask for. */
function notStarted(): ChecklistItem[] {
  return [
    { id: 'business_details', label: LABELS.business, status: 'pending', hint: 'Your business name, type and website.' },
    { id: 'bank_account', label: LABELS.bank, status: 'pending', hint: 'The UK bank account payouts are paid into.' },
    { id: 'identity', label: LABELS.identity, status: 'pending', hint: 'Who runs the business: legal name and date of birth.' },
    { id: 'charges_enabled', label: LABELS.charges, status: 'pending', hint: 'Turns on once the details above are complete.' },
    { id: 'payouts_enabled', label: LABELS.payouts, status: 'pending', hint: 'Turns on once the details above are complete.' },
  ];
}

export function toConnectStatus(provider: 'test' | 'stripe', state: ConnectAccountState | null): ConnectStatus {
  if (!state) return { connected: false, provider, account: null, checklist: notStarted(), capabilities: [] };
  return {
    connected: isReadyForPayments(state),
    provider,
    account: { reference: state.accountRef },
    checklist: [
      groupItem(state, 'business', 'business_details', LABELS.business, 'Your business details are on file.'),
      groupItem(state, 'bank', 'bank_account', LABELS.bank, 'Payouts go to the bank account you gave.'),
      groupItem(state, 'identity', 'identity', LABELS.identity, 'Your identity has been verified.'),
      switchItem(state, state.chargesEnabled, 'charges_enabled', LABELS.charges, "Shoppers' card payments are paid into your account."),
      switchItem(state, state.payoutsEnabled, 'payouts_enabled', LABELS.payouts, 'Money in your account is paid out to your bank.'),
    ],
    capabilities: Object.entries(state.capabilities)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([capability, status]) => ({ capability, status })),
  };
}
