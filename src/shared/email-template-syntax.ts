import { REQUIRED_TEMPLATE_VARIABLES, requiredVariableMessage, TEMPLATE_VARIABLES, variablesForKey, type TemplateVariableKind } from './email-settings';

/**
 * The grammar of email templates: `{{name}}` puts a value in; `{{#flag}}…{{/flag}}` keeps its content
 * when the flag is true and `{{^flag}}…{{/flag}}` when it is false (Mustache's spelling, without
 * loops, partials or unescaped output). Spaces inside the braces are allowed. Shared so the template
 * dialog and the server check a template the same way.
 */
export type TemplateNode =
  | { type: 'literal'; value: string }
  | { type: 'variable'; name: string }
  | { type: 'section'; name: string; inverted: boolean; children: TemplateNode[] };

const TAG = /\{\{\s*([#^/]?)\s*([A-Za-z0-9_]*)\s*\}\}/g;

export class TemplateSyntaxError extends Error {}

/** Parses a template; throws TemplateSyntaxError with a message a shop owner can act on. */
export function parseTemplate(source: string): TemplateNode[] {
  const root: TemplateNode[] = [];
  const stack: { name: string; children: TemplateNode[] }[] = [{ name: '', children: root }];
  let last = 0;
  const literal = (text: string) => {
    if (text.includes('{{')) throw new TemplateSyntaxError('Variables are written in double braces, such as {{order_number}}');
    if (text) stack[stack.length - 1].children.push({ type: 'literal', value: text });
  };
  for (const m of source.matchAll(TAG)) {
    literal(source.slice(last, m.index));
    last = m.index + m[0].length;
    const [, sigil, name] = m;
    if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new TemplateSyntaxError(`{{${sigil}${name}}} is not a variable name: use lowercase letters, digits and underscores`);
    if (sigil === '/') {
      const open = stack.pop();
      if (!open || stack.length === 0 || open.name !== name) throw new TemplateSyntaxError(`{{/${name}}} closes a section that is not open`);
    } else if (sigil === '#' || sigil === '^') {
      const children: TemplateNode[] = [];
      stack[stack.length - 1].children.push({ type: 'section', name, inverted: sigil === '^', children });
      stack.push({ name, children });
    } else {
      stack[stack.length - 1].children.push({ type: 'variable', name });
    }
  }
  literal(source.slice(last));
  if (stack.length > 1) throw new TemplateSyntaxError(`{{#${stack[stack.length - 1].name}}} is never closed with {{/${stack[stack.length - 1].name}}}`);
  return root;
}

/**
 * Checks a template against the variables its key offers. Answers the first problem, or null when it
 * is fine: a syntax error, an unknown variable, a flag used as a value, a value used as a section.
 */
export function templateProblem(source: string, key: string): string | null {
  let nodes: TemplateNode[];
  try {
    nodes = parseTemplate(source);
  } catch (err) {
    if (err instanceof TemplateSyntaxError) return err.message;
    throw err;
  }
  const offered = new Map(variablesForKey(key).map((v) => [v.name, v.kind]));
  const walk = (list: TemplateNode[]): string | null => {
    for (const node of list) {
      if (node.type === 'literal') continue;
      const kind: TemplateVariableKind | undefined = offered.get(node.name);
      if (!kind) {
        const known = node.name in TEMPLATE_VARIABLES;
        return known ? `{{${node.name}}} is not available in this email` : `Unknown variable {{${node.name}}}`;
      }
      if (node.type === 'variable' && kind === 'flag') return `{{${node.name}}} is a yes/no flag: use it as {{#${node.name}}}…{{/${node.name}}}`;
      if (node.type === 'section') {
        if (kind !== 'flag') return `{{#${node.name}}} cannot be a section: only yes/no flags can`;
        const inner = walk(node.children);
        if (inner) return inner;
      }
    }
    return null;
  };
  return walk(nodes);
}

/** A paragraph holding nothing but one {{variable}}, as the rich-text editor writes a line of its own. */
const LONE_VARIABLE = /<p(?:\s[^>]*)?>\s*(\{\{\s*([a-z][a-z0-9_]*)\s*\}\})\s*<\/p>/g;

/**
 * A block variable (a table, a button) on a line of its own in the rich-text editor is stored as
 * `<p>{{order_summary}}</p>`; a table may not sit inside a paragraph (browsers and mail clients split
 * it, leaving empty paragraphs), so such a paragraph is replaced by the variable alone. Text variables
 * keep their paragraph.
 */
export function unwrapBlockVariables(html: string): string {
  return html.replace(LONE_VARIABLE, (whole: string, tag: string, name: string) => (Object.hasOwn(TEMPLATE_VARIABLES, name) && TEMPLATE_VARIABLES[name as keyof typeof TEMPLATE_VARIABLES].kind === 'block' ? tag : whole));
}

/**
 * A variable the key's email must keep and this part leaves out (the checkout recovery email's
 * {{unsubscribe_url}}), as a message; null when nothing is missing or the part does not parse (its
 * syntax problem is templateProblem's to say).
 */
export function missingRequiredVariable(source: string, key: string): string | null {
  const required = (REQUIRED_TEMPLATE_VARIABLES as Record<string, string | undefined>)[key];
  if (!required) return null;
  let nodes: TemplateNode[];
  try {
    nodes = parseTemplate(source);
  } catch (err) {
    if (err instanceof TemplateSyntaxError) return null;
    throw err;
  }
  const uses = (list: TemplateNode[]): boolean => list.some((n) => (n.type === 'variable' && n.name === required) || (n.type === 'section' && uses(n.children)));
  return uses(nodes) ? null : requiredVariableMessage(required);
}
