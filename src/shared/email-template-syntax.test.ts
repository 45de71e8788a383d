import { describe, expect, it } from 'vitest';
import { missingRequiredVariable, parseTemplate, templateProblem } from './email-template-syntax';
import { DEFAULT_TEMPLATE_KEYS, requiredVariableMessage, variablesForKey } from './email-settings';

describe('email template syntax', () => {
  it('parses values and both kinds of section, with spaces inside the braces', () => {
    expect(parseTemplate('Hi {{ customer_first_name }}{{#was_paid}}, paid{{/was_paid}}{{^was_paid}}!{{/ was_paid}}')).toEqual([
      { type: 'literal', value: 'Hi ' },
      { type: 'variable', name: 'customer_first_name' },
      { type: 'section', name: 'was_paid', inverted: false, children: [{ type: 'literal', value: ', paid' }] },
      { type: 'section', name: 'was_paid', inverted: true, children: [{ type: 'literal', value: '!' }] },
    ]);
  });

  it('leaves CSS braces alone', () => {
    expect(templateProblem('<style>@media (max-width:600px){p{margin:0}}</style>{{order_number}}', 'order_confirmation')).toBeNull();
  });

  it.each([
    ['{{order_numbr}}', 'Unknown variable {{order_numbr}}'],
    ['{{claim_url}}', '{{claim_url}} is not available in this email'],
    ['{{was_paid}}', '{{was_paid}} is a yes/no flag: use it as {{#was_paid}}…{{/was_paid}}'],
    ['{{#order_number}}x{{/order_number}}', '{{#order_number}} cannot be a section: only yes/no flags can'],
    ['{{#was_paid}}never closed', '{{#was_paid}} is never closed with {{/was_paid}}'],
    ['{{/was_paid}}', '{{/was_paid}} closes a section that is not open'],
    ['{{#was_paid}}{{/full_refund}}', '{{/full_refund}} closes a section that is not open'],
    ['{{Order-Number}}', 'Variables are written in double braces, such as {{order_number}}'],
    ['{{ORDER}}', '{{ORDER}} is not a variable name: use lowercase letters, digits and underscores'],
    ['{order_number}} {{', 'Variables are written in double braces, such as {{order_number}}'],
  ])('%s in a cancellation notice: %s', (source, problem) => {
    expect(templateProblem(source, 'order_cancelled')).toBe(problem);
  });

  it('offers the spec’s variables (order_number, total_amount, currency) to every order email and to store keys', () => {
    for (const key of ['order_confirmation', 'order_shipped', 'order_cancelled', 'order_refunded', 'my_own_key']) {
      const names = variablesForKey(key).map((v) => v.name);
      expect(names, key).toEqual(expect.arrayContaining(['order_number', 'total_amount', 'currency']));
    }
    expect(DEFAULT_TEMPLATE_KEYS).toContain('invite');
  });
});

describe('variables an email must keep', () => {
  it('a checkout recovery email keeps its unsubscribe link; other emails need nothing', () => {
    expect(missingRequiredVariable('<a href="{{unsubscribe_url}}">Stop</a>', 'checkout_recovery')).toBeNull();
    expect(missingRequiredVariable('<p>{{cart_button}}</p>', 'checkout_recovery')).toBe(requiredVariableMessage('unsubscribe_url'));
    // A part that does not parse is templateProblem's to report.
    expect(missingRequiredVariable('{{#never', 'checkout_recovery')).toBeNull();
    expect(missingRequiredVariable('<p>Thanks</p>', 'order_confirmation')).toBeNull();
  });
});
