import { describe, expect, it } from 'vitest';
import { SETUP_TEXT } from '@shared/store-setup';
import { checklistOf, launchDate, stepLink } from './setup-steps';

describe('checklistOf', () => {
  it('lists the six steps in order with the done or to-do words and their pages', () => {
    const steps = checklistOf({ steps: [{ key: 'delivery', done: true }, { key: 'details', done: false }] });
    expect(steps.map((s) => s.key)).toEqual(['details', 'delivery', 'payments', 'product', 'policies', 'launch']);
    expect(steps[0]).toEqual({ key: 'details', title: SETUP_TEXT.steps.details.title, text: SETUP_TEXT.steps.details.todo, done: false, to: '/admin/settings?tab=store' });
    expect(steps[1]).toMatchObject({ done: true, text: SETUP_TEXT.steps.delivery.done, to: '/admin/settings?tab=shipping' });
    // Missing from the answer: to do.
    expect(steps[2]).toMatchObject({ key: 'payments', done: false, to: '/admin/settings?tab=payment' });
    expect(steps[3].to).toBe('/admin/catalogue/products');
    expect(steps[4].to).toBe('/admin/settings?tab=policies');
    expect(steps[5]).toMatchObject({ key: 'launch', to: null });
  });
});

describe('stepLink', () => {
  it('links a blocker to its step, and nothing for keys without a page', () => {
    expect(stepLink('payments')).toBe('/admin/settings?tab=payment');
    expect(stepLink('launch')).toBeNull();
    expect(stepLink('email')).toBeNull();
    expect(stepLink('toString')).toBeNull();
  });
});

describe('launchDate', () => {
  it('says the day in British English, in UK time', () => {
    expect(launchDate('2026-03-12T10:00:00.000Z')).toBe('12 March 2026');
    // 23:30 UTC in July is 00:30 the next day in London.
    expect(launchDate('2026-07-01T23:30:00.000Z')).toBe('2 July 2026');
  });
  it('is null without a readable date', () => {
    expect(launchDate(null)).toBeNull();
    expect(launchDate('not a date')).toBeNull();
  });
});
