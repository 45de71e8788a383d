import postcss, { type ChildNode } from 'postcss';
import type { StylesheetNode } from '@shared/stylesheet-rules';

/**
 * Build time (vite.config.ts): the built stylesheet as the tree shared/stylesheet-rules.ts reads, each
 * style rule with the classes its selectors need, so the server can inline only what a page uses
 * without parsing CSS per request (decision 054).
 */
export function indexStylesheet(css: string): StylesheetNode[] {
  const root = postcss.parse(css);
  const nodes = nodesOf(root.nodes);
  return root.raws.after ? [...nodes, root.raws.after] : nodes;
}

/** Blocks whose rules are picked one by one; any other at-rule (@property, @keyframes) is kept whole. */
const GROUPING = new Set(['media', 'supports', 'layer', 'container']);

function nodesOf(children: readonly ChildNode[]): StylesheetNode[] {
  const nodes: StylesheetNode[] = [];
  const push = (node: StylesheetNode) => {
    // Neighbouring always-kept text goes in one string: a smaller tree to walk per page.
    const last = nodes.length - 1;
    if (typeof node === 'string' && typeof nodes[last] === 'string') nodes[last] += node;
    else nodes.push(node);
  };
  for (const child of children) {
    // The whitespace before each node is kept (a built stylesheet has a line break after its licence),
    // so the index gives back the stylesheet byte for byte.
    const before = child.raws.before ?? '';
    // A built stylesheet keeps only its licence comments, and so does a page's part of it.
    if (child.type === 'comment') push(before + child.toString());
    else if (child.type === 'rule') push({ when: child.selectors.map(requiredClasses), css: before + child.toString() });
    else if (child.type === 'atrule' && child.nodes && GROUPING.has(child.name)) push({ open: `${before}@${child.name}${child.params ? ` ${child.params}` : ''}`, body: nodesOf(child.nodes) });
    else if (child.type === 'atrule') push(before + (child.nodes ? child.toString() : `${child.toString()};`));
    else push(`${before}${child.toString()};`); // a declaration at the top level would be invalid CSS; kept as it was
  }
  return nodes;
}

/**
 * The classes an element (or its ancestors) must carry for `selector` to match it: every `.class` in
 * it, except inside brackets or parentheses (`:not(.a)`, `:is(.a,.b)`, `[href$=".pdf"]`), where a
 * class is not simply required, but for an `:is()` or `:where()` of one selector. Leaving one out only keeps a rule that may not apply, never the reverse.
 */
export function requiredClasses(selector: string): string[] {
  const classes: string[] = [];
  let i = 0;
  while (i < selector.length) {
    const c = selector[i];
    if (c === '\\') i += escapeAt(selector, i).length;
    else if (c === '"' || c === "'") i = stringEnd(selector, i);
    else if (c === '(' && /:(is|where)$/.test(selector.slice(0, i))) {
      // `:where(.space-y-4>:not(:last-child))`: one selector inside, whose classes are required too;
      // a list (`:is(.a,.b)`) needs only one of them, so none is counted.
      const end = groupEnd(selector, i);
      const inner = selector.slice(i + 1, end - 1);
      if (!hasTopLevelComma(inner)) classes.push(...requiredClasses(inner));
      i = end;
    } else if (c === '[' || c === '(') i = groupEnd(selector, i);
    else if (c === '.') {
      const [name, end] = identAt(selector, i + 1);
      if (name) classes.push(name);
      i = end;
    } else i += 1;
  }
  return classes;
}

const IDENT_CHAR = /[\w-]|[^\p{ASCII}]/u;

/** The identifier at `start`, unescaped (`2xl\:p-4` is "2xl:p-4"), and where it ends. */
function identAt(text: string, start: number): [string, number] {
  let name = '';
  let i = start;
  while (i < text.length) {
    if (text[i] === '\\') {
      const escape = escapeAt(text, i);
      name += escape.value;
      i += escape.length;
    } else if (IDENT_CHAR.test(text[i])) name += text[i++];
    else break;
  }
  return [name, i];
}

/** A CSS escape: `\3a ` (hex, one optional space after) or `\:` (the character itself). */
function escapeAt(text: string, at: number): { value: string; length: number } {
  const hex = /^\\([0-9a-fA-F]{1,6})[ \t\n]?/.exec(text.slice(at, at + 8));
  if (hex) return { value: String.fromCodePoint(Math.min(parseInt(hex[1], 16), 0x10ffff)), length: hex[0].length };
  return { value: text[at + 1] ?? '', length: Math.min(2, text.length - at) };
}

function stringEnd(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Past the `]` or `)` that closes the group opened at `start`, minding escapes, strings and nesting. */
function groupEnd(text: string, start: number): number {
  const stack = [text[start] === '[' ? ']' : ')'];
  let i = start + 1;
  while (i < text.length && stack.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '"' || c === "'") i = stringEnd(text, i);
    else {
      if (c === '[') stack.push(']');
      else if (c === '(') stack.push(')');
      else if (c === stack[stack.length - 1]) stack.pop();
      i += 1;
    }
  }
  return i;
}

/** Whether `text` is a selector list (a comma outside any brackets, parentheses or string). */
function hasTopLevelComma(text: string): boolean {
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ',') return true;
    if (c === '\\') i += 2;
    else if (c === '"' || c === "'") i = stringEnd(text, i);
    else if (c === '[' || c === '(') i = groupEnd(text, i);
    else i += 1;
  }
  return false;
}
