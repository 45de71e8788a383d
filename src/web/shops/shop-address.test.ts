import { describe, expect, it } from 'vitest';
import { subdomainProblem } from '@shared/shops';
import { platformHostOf, suggestAddress, typedAddress } from './shop-address';

describe('a new shop address', () => {
  it('is suggested from the shop name', () => {
    expect(suggestAddress('Fern & Pottery')).toBe('fern-pottery');
    expect(suggestAddress('  Café Crème, Leeds!  ')).toBe('cafe-creme-leeds');
    expect(suggestAddress('')).toBe('');
    expect(suggestAddress('!!!')).toBe('');
  });

  it('is at most 40 characters, cut after a whole word, with no hyphen left at the cut', () => {
    const name = 'The Very Long Name Of A Small Pottery Shop In Yorkshire';
    const address = suggestAddress(name);
    expect(address.length).toBeLessThanOrEqual(40);
    expect(address).toBe('the-very-long-name-of-a-small-pottery');
    expect(subdomainProblem(address)).toBeNull();
    expect(suggestAddress(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39));
    expect(suggestAddress(`${'a'.repeat(40)} b`)).toBe('a'.repeat(40));
    expect(suggestAddress('x'.repeat(50))).toBe('x'.repeat(40));
    expect(suggestAddress(`ab ${'c'.repeat(50)}`)).toBe(`ab-${'c'.repeat(37)}`);
  });

  it('keeps only what an address may hold as it is typed', () => {
    expect(typedAddress('Fern Pottery')).toBe('fern-pottery');
    expect(typedAddress('fern-')).toBe('fern-');
    expect(typedAddress('-fern--pots_uk.co')).toBe('fern-pots-uk-co');
    expect(typedAddress('Fërn!@£pots')).toBe('fernpots');
    expect(typedAddress('x'.repeat(60))).toHaveLength(40);
  });

  it('shows the platform host without www', () => {
    expect(platformHostOf('localhost')).toBe('localhost');
    expect(platformHostOf('www.Shopfront.example')).toBe('shopfront.example');
    expect(platformHostOf('shopfront.example')).toBe('shopfront.example');
  });
});
