import { describe, expect, it } from 'vitest';
import { candidateHash, hashPassword } from './passwords';

const prefixOf = (stored: string) => stored.slice(0, stored.lastIndexOf('$'));

describe('candidateHash', () => {
  it('reproduces the stored hash from its parameters and salt for the right password only', async () => {
    const stored = await hashPassword('correct horse');
    expect(await candidateHash(prefixOf(stored), 'correct horse')).toBe(stored);
    const wrong = await candidateHash(prefixOf(stored), 'correct horsE');
    expect(wrong).not.toBe(stored);
    expect(wrong?.startsWith(prefixOf(stored))).toBe(true);
  });

  it('answers null for an unknown email or an unreadable prefix', async () => {
    expect(await candidateHash(null, 'anything')).toBeNull();
    expect(await candidateHash('$bcrypt$whatever', 'anything')).toBeNull();
  });
});
