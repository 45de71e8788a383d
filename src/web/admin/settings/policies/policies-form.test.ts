import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { POLICY_MESSAGES } from '@shared/store-policies';
import { bodyOf, formFieldOf, formValuesOf, onFormFields, policiesFormSchema, shippingFacts, shopperLines, type PoliciesFormValues } from './policies-form';

const NONE = { returns_days: null, refund_days: null, dispatch_days: null, delivery_note: '' };
const DEMO = { returns_days: 30, refund_days: { min: 5, max: 7 }, dispatch_days: { min: 1, max: 2 }, delivery_note: 'We deliver to mainland UK.' };

const values = (over: Partial<PoliciesFormValues> = {}): PoliciesFormValues => ({ ...formValuesOf(DEMO), ...over });

/** The schema's verdict: the body, or each field's first message. */
function check(v: PoliciesFormValues) {
  const parsed = policiesFormSchema.safeParse(v);
  if (parsed.success) return { body: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { body: null, errors };
}

describe('the policies form', () => {
  it('shows saved policies as typed text, and nothing stated as empty boxes with returns off', () => {
    expect(formValuesOf(DEMO)).toEqual({
      accept_returns: true,
      returns_days: '30',
      refund_days: { min: '5', max: '7' },
      dispatch_days: { min: '1', max: '2' },
      delivery_note: 'We deliver to mainland UK.',
    });
    expect(formValuesOf(NONE)).toEqual({ accept_returns: false, returns_days: '', refund_days: { min: '', max: '' }, dispatch_days: { min: '', max: '' }, delivery_note: '' });
  });

  it('turns the values back into the same body (a round trip changes nothing)', () => {
    expect(check(formValuesOf(DEMO)).body).toEqual(DEMO);
    expect(check(formValuesOf(NONE)).body).toEqual(NONE);
  });

  it('sends no returns when the switch is off, whatever window was typed', () => {
    expect(bodyOf(values({ accept_returns: false, returns_days: '21' })).returns_days).toBeNull();
    expect(check(values({ accept_returns: false, returns_days: 'abc' })).body?.returns_days).toBeNull();
  });

  it('reads ranges: both empty is not stated, one box alone is exactly that many days, spaces are ignored', () => {
    expect(check(values({ refund_days: { min: ' ', max: '' } })).body?.refund_days).toBeNull();
    expect(check(values({ refund_days: { min: '3', max: '' } })).body?.refund_days).toEqual({ min: 3, max: 3 });
    expect(check(values({ dispatch_days: { min: '', max: ' 2 ' } })).body?.dispatch_days).toEqual({ min: 2, max: 2 });
  });

  it('tidies the delivery note as the server does', () => {
    expect(check(values({ delivery_note: '  Click &\n collect   in Leeds ' })).body?.delivery_note).toBe('Click & collect in Leeds');
  });

  it('puts the server schema’s messages on the form’s own fields', () => {
    expect(check(values({ returns_days: '' })).errors).toEqual({ returns_days: POLICY_MESSAGES.returnsDays });
    expect(check(values({ returns_days: '366' })).errors).toEqual({ returns_days: POLICY_MESSAGES.returnsDays });
    expect(check(values({ returns_days: '2.5' })).errors).toEqual({ returns_days: POLICY_MESSAGES.returnsDays });
    expect(check(values({ refund_days: { min: '7', max: '5' } })).errors).toEqual({ 'refund_days.max': POLICY_MESSAGES.range });
    expect(check(values({ dispatch_days: { min: 'soon', max: '2' } })).errors).toEqual({ 'dispatch_days.min': POLICY_MESSAGES.days });
    expect(check(values({ dispatch_days: { min: '0', max: '61' } })).errors).toEqual({ 'dispatch_days.min': POLICY_MESSAGES.days, 'dispatch_days.max': POLICY_MESSAGES.days });
    expect(check(values({ delivery_note: 'x'.repeat(301) })).errors).toEqual({ delivery_note: POLICY_MESSAGES.deliveryNote });
  });

  it('maps the server’s field paths to the form’s fields (a whole range on its first box)', () => {
    expect(formFieldOf('refund_days.max')).toBe('refund_days.max');
    expect(formFieldOf('refund_days')).toBe('refund_days.min');
    expect(formFieldOf('returns_days')).toBe('returns_days');
    expect(formFieldOf('legal_pages')).toBeNull();
    const renamed = onFormFields(new ApiError(400, 'validation_error', 'Check the fields', { dispatch_days: 'Bad', 'refund_days.max': 'Too few', other: 'x' }));
    expect(renamed).toBeInstanceOf(ApiError);
    expect((renamed as ApiError).fields).toEqual({ 'dispatch_days.min': 'Bad', 'refund_days.max': 'Too few' });
    expect((renamed as ApiError).message).toBe('Check the fields');
    const other = new Error('boom');
    expect(onFormFields(other)).toBe(other);
  });
});

describe('what shoppers see', () => {
  it('works out the delivery options’ promises as the server does: the lowest active free-over amount, any next-day option', () => {
    expect(
      shippingFacts([
        { is_active: true, free_over: 100, delivery_max_days: 5 },
        { is_active: false, free_over: 40, delivery_max_days: 1 },
        { is_active: true, free_over: 60, delivery_max_days: 3 },
      ]),
    ).toEqual({ free_delivery_over: 60, next_day: false });
    expect(shippingFacts([{ is_active: true, free_over: null, delivery_max_days: 1 }])).toEqual({ free_delivery_over: null, next_day: true });
    expect(shippingFacts([])).toEqual({ free_delivery_over: null, next_day: false });
  });

  it('words every promise as the storefront does, the shipping ones marked as such', () => {
    expect(shopperLines(values(), { free_delivery_over: 100, next_day: true })).toEqual([
      { kind: 'free_delivery', text: 'Free delivery on orders over £100', source: 'shipping' },
      { kind: 'next_day', text: 'Next-day delivery', source: 'shipping' },
      { kind: 'dispatch', text: 'Orders are processed within 1-2 business days', source: 'policies' },
      { kind: 'note', text: 'We deliver to mainland UK.', source: 'policies' },
      { kind: 'returns', text: '30-day return policy', source: 'policies' },
      { kind: 'refund', text: 'Refunds within 5-7 business days', source: 'policies' },
    ]);
  });

  it('shows the law’s 14 days when returns are off, and leaves out what is empty or still wrong', () => {
    const lines = shopperLines(values({ accept_returns: false, refund_days: { min: '9', max: '3' }, dispatch_days: { min: '', max: '' }, delivery_note: '  ' }), null);
    expect(lines).toEqual([{ kind: 'cancel', text: '14 days to change your mind', source: 'law' }]);
    expect(shopperLines(values({ returns_days: '21', refund_days: { min: '', max: '4' } }), { free_delivery_over: null, next_day: false }).map((l) => l.text)).toEqual([
      'Orders are processed within 1-2 business days',
      'We deliver to mainland UK.',
      '21-day return policy',
      'Refunds within 4 business days',
    ]);
    expect(shopperLines(values({ returns_days: '' }), null).some((l) => l.kind === 'returns')).toBe(false);
  });
});
