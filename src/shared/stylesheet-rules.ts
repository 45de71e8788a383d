/**
 * A built stylesheet as a tree of its rules, each with the classes an element must carry for it to
 * apply (issue 29 item 4, decision 054): the server inlines only the rules a page's first view can use,
 * not the whole stylesheet. Made at build time (web/ssr/stylesheet-index.ts, from vite.config.ts);
 * read here, in the server, with no CSS parser.
 */
export type StylesheetNode =
  /** Always kept: the base styles, custom properties, keyframes, anything not tied to a class. */
  | string
  /**
   * A style rule, kept when one of its selectors' classes are all in the page: `when` holds, per
   * selector, the classes its subject and ancestors must carry (none: always kept).
   */
  | { when: string[][]; css: string }
  /** A block (@media, @supports, @layer, @container): kept, wrapped, when anything inside is. */
  | { open: string; body: StylesheetNode[] };

/** The rules of `nodes` that can apply to markup whose class attributes hold `classes`, in their order. */
export function rulesFor(nodes: readonly StylesheetNode[], classes: ReadonlySet<string>): string {
  let css = '';
  for (const node of nodes) {
    if (typeof node === 'string') css += node;
    else if ('css' in node) {
      if (node.when.length === 0 || node.when.some((needed) => needed.every((name) => classes.has(name)))) css += node.css;
    } else {
      const inner = rulesFor(node.body, classes);
      if (inner) css += `${node.open}{${inner}}`;
    }
  }
  return css;
}

const CLASS_ATTRIBUTE = /\bclass="([^"]*)"/g;
const ENTITY = /&(amp|lt|gt|quot|#39|#x27);/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/** Every class name in the markup's class attributes (entities decoded, as the browser reads them). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of value.replace(ENTITY, (_m, e: string) => ENTITIES[e]).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}
