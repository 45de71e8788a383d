// Writes src/web/lib/class-merge-config.ts: a tailwind-merge configuration that knows only the
// Tailwind classes this app's source contains, with the class groups, conflicts and modifier order
// of tailwind-merge's full default configuration (docs/decisions/004-storefront-bundle-budget.md).
// The full configuration, with every Tailwind utility and its validators, is ~6 kB gzipped in the
// first download; this one is a fraction of that and merges every class the app uses the same way.
//   npm run gen:class-merge     after adding Tailwind classes (src/web/lib/class-merge.test.ts says when)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { getDefaultConfig } from 'tailwind-merge';
import { createClassGroupUtils, createParseClassName } from 'tailwind-merge/unstable-do-not-import';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_SOURCE = path.join(root, 'src/web');
export const CONFIG_FILE = path.join(root, 'src/web/lib/class-merge-config.ts');

/** Source files whose strings may hold class names: the app's .ts/.tsx files, tests and this script's output excepted. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && full !== CONFIG_FILE ? [full] : [];
  });
}

/**
 * Every whitespace-separated word of every string literal and template literal part in src/web:
 * a superset of the class names the app can hand to `cn()` (Tailwind itself only styles class names
 * written out whole in the source, so no class is built from pieces).
 */
export function collectClassTokens(dir = WEB_SOURCE): string[] {
  const tokens = new Set<string>();
  for (const text of collectStrings(dir)) for (const token of text.split(/\s+/)) if (token) tokens.add(token);
  return [...tokens].sort();
}

/** Every string literal and template literal part in src/web, deduplicated. */
export function collectStrings(dir = WEB_SOURCE): string[] {
  const strings = new Set<string>();
  for (const file of sourceFiles(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
        strings.add(node.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...strings].sort();
}

const fullConfig = getDefaultConfig();
const full = { ...createClassGroupUtils(fullConfig), parseClassName: createParseClassName(fullConfig) };

/**
 * The class names tailwind-merge looks up for a class (its base without variants and `!`, and the
 * base without a `/` postfix), as its class map stores them: without the leading `-` of negative
 * values, which the lookup skips. Arbitrary properties (`[mask-type:luminance]`) need no class map.
 */
export function lookupNames(className: string): string[] {
  const { baseClassName, maybePostfixModifierPosition } = full.parseClassName(className);
  const names = [baseClassName];
  if (maybePostfixModifierPosition) names.push(baseClassName.substring(0, maybePostfixModifierPosition));
  return names.filter((name) => !(name.startsWith('[') && name.endsWith(']'))).map((name) => (name.startsWith('-') && name.length > 1 ? name.slice(1) : name));
}

export interface ClassMergeTables {
  /** Class group id -> the app's class names (as looked up) in that group. */
  groups: Record<string, string[]>;
  conflictingClassGroups: Record<string, string[]>;
  conflictingClassGroupModifiers: Record<string, string[]>;
  postfixLookupClassGroups: string[];
  orderSensitiveModifiers: string[];
}

/** The tables for these class names: what the full configuration says about each of them. */
export function buildTables(tokens: string[]): ClassMergeTables {
  const groups: Record<string, Set<string>> = {};
  for (const token of tokens) {
    for (const name of lookupNames(token)) {
      const group = full.getClassGroupId(name);
      if (group) (groups[group] ??= new Set()).add(name);
    }
  }
  const used = new Set(Object.keys(groups));
  const restrict = (table: Record<string, readonly string[]>) =>
    Object.fromEntries(
      Object.entries(table)
        .filter(([group]) => used.has(group))
        .map(([group, others]) => [group, others.filter((other) => used.has(other))] as const)
        .filter(([, others]) => others.length > 0)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  return {
    groups: Object.fromEntries(Object.entries(groups).sort(([a], [b]) => a.localeCompare(b)).map(([group, names]) => [group, [...names].sort()])),
    conflictingClassGroups: restrict(fullConfig.conflictingClassGroups),
    conflictingClassGroupModifiers: restrict(fullConfig.conflictingClassGroupModifiers),
    postfixLookupClassGroups: (fullConfig.postfixLookupClassGroups ?? []).filter((group) => used.has(group)),
    // Kept whole: they decide how variants are ordered, whichever variants the app uses.
    orderSensitiveModifiers: [...fullConfig.orderSensitiveModifiers],
  };
}

/**
 * Each group's class names by their first part (`bg-zinc-100` under `bg`; names without a `-` under
 * ""), which tailwind-merge's configuration takes as `{ bg: ['zinc-100'] }`: shorter than whole names.
 */
function byFirstPart(names: string[]): Record<string, string> {
  const parts: Record<string, string[]> = {};
  for (const name of names) {
    const dash = name.indexOf('-');
    (parts[dash > 0 ? name.slice(0, dash) : ''] ??= []).push(dash > 0 ? name.slice(dash + 1) : name);
  }
  return Object.fromEntries(Object.entries(parts).map(([first, rests]) => [first, rests.join(' ')]));
}

export function renderConfigFile(tables: ClassMergeTables): string {
  const groups = Object.entries(tables.groups).map(([group, names]) => `  ${JSON.stringify(group)}: ${JSON.stringify(byFirstPart(names))},`);
  return `// Generated by scripts/class-merge.ts (npm run gen:class-merge); do not edit by hand.
// tailwind-merge's class groups, cut down to the class names in src/web, as tailwind-merge looks them
// up (no variants, no leading "-"): group -> first part of the name -> the rest of each name, space-separated.
export const CLASS_GROUPS: Record<string, Record<string, string>> = {
${groups.join('\n')}
};

export const CONFLICTING_CLASS_GROUPS: Record<string, string[]> = ${JSON.stringify(tables.conflictingClassGroups)};

export const CONFLICTING_CLASS_GROUP_MODIFIERS: Record<string, string[]> = ${JSON.stringify(tables.conflictingClassGroupModifiers)};

export const POSTFIX_LOOKUP_CLASS_GROUPS: string[] = ${JSON.stringify(tables.postfixLookupClassGroups)};

export const ORDER_SENSITIVE_MODIFIERS: string[] = ${JSON.stringify(tables.orderSensitiveModifiers)};
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const tables = buildTables(collectClassTokens());
  writeFileSync(CONFIG_FILE, renderConfigFile(tables));
  const names = Object.values(tables.groups).reduce((n, list) => n + list.length, 0);
  console.log(`Wrote ${path.relative(root, CONFIG_FILE)}: ${names} class names in ${Object.keys(tables.groups).length} groups.`);
}
