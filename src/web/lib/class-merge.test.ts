import { describe, expect, it } from 'vitest';
import { getDefaultConfig, twMerge as fullTwMerge } from 'tailwind-merge';
import { createClassGroupUtils } from 'tailwind-merge/unstable-do-not-import';
import { buildTables, collectClassTokens, collectStrings, lookupNames } from '../../../scripts/class-merge';
import * as generated from './class-merge-config';
import { classMergeConfig, cn, twMerge } from './utils';

// cn() uses a tailwind-merge configured for the classes in src/web only (scripts/class-merge.ts). These
// tests hold it to the full tailwind-merge for every class written in src/web.
const STALE = 'src/web/lib/class-merge-config.ts is out of date: run `npm run gen:class-merge`.';
const tokens = collectClassTokens();
const fullConfig = getDefaultConfig();
const full = createClassGroupUtils(fullConfig);
const slim = createClassGroupUtils(classMergeConfig());
const usedGroups = new Set(Object.keys(generated.CLASS_GROUPS));
const sorted = (list: readonly string[]) => [...list].sort();

describe('the class merge configuration', () => {
  it('finds the classes in the source', () => {
    // A few that must be there: from JSX attributes, cva variants and template literals.
    for (const token of ['inline-flex', 'hover:bg-accent-hover', 'sm:px-6', 'lg:grid-cols-2', 'focus-visible:outline-indigo-500', '[&_svg]:size-4']) {
      expect(tokens).toContain(token);
    }
    expect(tokens.length).toBeGreaterThan(500);
  });

  it('puts every class in src/web in the class group the full tailwind-merge does', () => {
    const wrong = tokens.flatMap((token) =>
      lookupNames(token)
        .filter((name) => slim.getClassGroupId(name) !== full.getClassGroupId(name))
        .map((name) => `${name}: ${String(slim.getClassGroupId(name))}, should be ${String(full.getClassGroupId(name))}`),
    );
    expect(wrong, STALE).toEqual([]);
  });

  it('has the full conflicts between those groups', () => {
    for (const group of usedGroups) {
      for (const postfix of [false, true]) {
        const expected = sorted(full.getConflictingClassGroupIds(group, postfix).filter((other) => usedGroups.has(other)));
        expect(sorted(slim.getConflictingClassGroupIds(group, postfix)), `${group} (postfix ${postfix}): ${STALE}`).toEqual(expected);
      }
    }
    expect(sorted(generated.ORDER_SENSITIVE_MODIFIERS)).toEqual(sorted(fullConfig.orderSensitiveModifiers));
    expect(generated.POSTFIX_LOOKUP_CLASS_GROUPS).toEqual((fullConfig.postfixLookupClassGroups ?? []).filter((group) => usedGroups.has(group)));
  });

  it('is what the generator makes of the source now', () => {
    const tables = buildTables(tokens);
    // Extra entries (classes no longer in use) do no harm; missing ones do.
    const config = classMergeConfig();
    for (const [group, names] of Object.entries(tables.groups)) {
      for (const name of names) expect(slim.getClassGroupId(name), `${name}: ${STALE}`).toBe(group);
      expect(config.classGroups[group], STALE).toBeDefined();
    }
  });
});

describe('cn', () => {
  it('merges every pair of classes in src/web as the full tailwind-merge does', () => {
    // Words tailwind-merge does not know as classes are left alone by both (checked above and below).
    const classes = tokens.filter((token) => lookupNames(token).some((name) => full.getClassGroupId(name)) || token.startsWith('['));
    let differences = 0;
    const examples: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const input = `${a} ${b}`;
        if (twMerge(input) !== fullTwMerge(input)) {
          differences += 1;
          if (examples.length < 10) examples.push(`${input} -> ${twMerge(input)}, full: ${fullTwMerge(input)}`);
        }
      }
    }
    expect(examples, STALE).toEqual([]);
    expect(differences).toBe(0);
  });

  it('merges each string written in src/web, and each with the Button classes, as the full tailwind-merge does', () => {
    const lists = collectStrings().filter((text) => /\s/.test(text.trim()));
    const button = lists.filter((text) => text.startsWith('inline-flex items-center justify-center gap-2'));
    expect(button).toHaveLength(1);
    for (const list of lists) {
      expect(twMerge(list)).toBe(fullTwMerge(list));
      expect(twMerge(button[0], list)).toBe(fullTwMerge(button[0], list));
    }
    expect(cn('h-9 px-4', false, undefined, ['h-auto', { 'p-0': true }])).toBe(fullTwMerge('h-9 px-4 h-auto p-0'));
  });

  it('leaves classes it does not know alone', () => {
    expect(twMerge('lucide my-widget p-2 my-widget')).toBe('lucide my-widget p-2 my-widget');
  });
});
