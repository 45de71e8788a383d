import { Extension, type AnyExtension, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { SAFE_RICH_TEXT_LINK } from '@shared/rich-text-links';

// What the rich-text editor may make, per place it edits (decision 045). Each profile keeps to the
// tags its destination keeps, so what the editor writes is what is stored:
//  - page: the spec's allow-list (p, strong, em, ul, ol, li, a, h2, h3, blockquote), exactly what the
//    server's sanitiser keeps; no underline, line breaks or code, which it would drop.
//  - email: the same, plus underline, line breaks and the h1 and inline styles of the default email
//    templates, so a default opens in the editor without losing its look.

export type RichTextProfile = 'page' | 'email';

const TEMPLATE_HREF = /^\{\{\s*[a-z][a-z0-9_]*\s*\}\}$/;
const HTTP = /^https?:/i;

/** Email templates keep the inline styles of their paragraphs and headings (mail clients need them). */
const KeepInlineStyles = Extension.create({
  name: 'keepInlineStyles',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading'],
        attributes: {
          style: {
            default: null,
            parseHTML: (element: HTMLElement) => element.getAttribute('style') || null,
            renderHTML: (attributes: { style?: string | null }) => (attributes.style ? { style: attributes.style } : {}),
          },
        },
      },
    ];
  },
});

export function richTextExtensions(profile: RichTextProfile): AnyExtension[] {
  const email = profile === 'email';
  const allowed = (url: string) => SAFE_RICH_TEXT_LINK.test(url.trim()) || (email && TEMPLATE_HREF.test(url.trim()));
  return [
    StarterKit.configure({
      heading: { levels: email ? [1, 2, 3] : [2, 3] },
      code: false,
      codeBlock: false,
      strike: false,
      horizontalRule: false,
      hardBreak: email ? {} : false,
      underline: email ? {} : false,
      link: {
        openOnClick: false,
        autolink: false,
        linkOnPaste: true,
        defaultProtocol: 'https',
        // target and rel are written by linkAsStored, as the server writes them.
        HTMLAttributes: { target: null, rel: null, class: null },
        // Stored links of any scheme the server keeps load as links; new ones go through checkLinkInput.
        isAllowedUri: (url) => allowed(url),
      },
    }),
    ...(email ? [KeepInlineStyles] : []),
  ];
}

const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;

/**
 * An <a> start tag as the sanitiser writes it: href, then title, then for http(s) links the target and
 * rel the server sets itself (values stay as the editor escaped them).
 */
function linkAsStored(tag: string): string {
  const attrs = new Map([...tag.matchAll(ATTRIBUTE)].map((m) => [m[1], m[2]]));
  const href = attrs.get('href') ?? '';
  let out = `<a href="${href}"`;
  if (attrs.get('title')) out += ` title="${attrs.get('title')}"`;
  if (HTTP.test(href)) out += ' target="_blank" rel="noopener noreferrer nofollow"';
  return `${out}>`;
}

/**
 * The editor's content as it is stored: '' for an empty editor, no trailing empty paragraphs (the
 * editor keeps one to type into after a list), and a no-break space as the character itself, which is
 * how the sanitiser writes it back.
 */
export function editorHtml(editor: Pick<Editor, 'isEmpty' | 'getHTML'>): string {
  if (editor.isEmpty) return '';
  return editor
    .getHTML()
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/<a\s[^>]*>/g, linkAsStored)
    .replace(/(?:<p(?: style="[^"]*")?><\/p>)+$/, '');
}
