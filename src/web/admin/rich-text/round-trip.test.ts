// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/react';
import { sanitizeRichText, richTextToPlain } from '../../../server/modules/content/pages/sanitize';
import { DEFAULT_TEMPLATES } from '../../../server/modules/emails/templates/defaults';
import { LEGAL_PAGE_KINDS, legalPageBody, type LegalFacts } from '@shared/legal-templates';
import { PAGE_STARTER_KEYS, starterContent } from '@shared/page-starters';
import { editorHtml, richTextExtensions, type RichTextProfile } from './extensions';

// The editor writes what the server keeps (decision 045): its output, put through the server's own
// sanitiser, comes back unchanged, whatever the toolbar did; and HTML stored before loads into it.

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

function editorWith(content: string, profile: RichTextProfile = 'page'): Editor {
  const editor = new Editor({ extensions: richTextExtensions(profile), content });
  editors.push(editor);
  return editor;
}

const keptAsIs = (html: string) => expect(sanitizeRichText(html)).toBe(html);

const facts: LegalFacts = {
  storeName: 'Bramble & Co',
  contactEmail: 'hello@bramble.co.uk',
  contactPhone: '0113 496 0000',
  addressLines: ['1 Mill Lane', 'Leeds', 'LS1 1AA'],
  companyNumber: '01234567',
  vatNumber: 'GB123456789',
  returnsDays: 30,
  refundDays: { min: 5, max: 7 },
  deliveryNote: 'We pack on weekdays.\nOrders after 2pm go the next day.',
  deliveryOptions: [{ name: 'Standard', priceText: '£3.99', daysText: '3-5 business days', freeOverText: '£50.00' }],
};

describe('editor output through the server’s sanitiser', () => {
  /** Selects the first occurrence of `text` (inside one text node), as a person dragging over it would. */
  function select(editor: Editor, text: string) {
    let found: { from: number; to: number } | null = null;
    editor.state.doc.descendants((node, pos) => {
      const at = node.isText ? (node.text ?? '').indexOf(text) : -1;
      if (!found && at >= 0) found = { from: pos + at, to: pos + at + text.length };
    });
    if (!found) throw new Error(`No text ${text}`);
    return editor.chain().focus().setTextSelection(found);
  }

  it('comes back unchanged after every toolbar action', () => {
    const editor = editorWith(
      '<p>Plain text with "quotes", it’s &amp; &lt;angle&gt; brackets and a\u00a0no-break space.</p>' +
        ['Heading two', 'Heading three', 'First item', 'Second item', 'Step one', 'A quotation', 'Site link', 'Contact link', 'Mail link', 'Phone link'].map((t) => `<p>${t}</p>`).join(''),
    );
    select(editor, 'Plain text').toggleBold().run();
    keptAsIs(editorHtml(editor));
    select(editor, 'quotes').toggleItalic().run();
    select(editor, 'Heading two').toggleHeading({ level: 2 }).run();
    select(editor, 'Heading three').toggleHeading({ level: 3 }).run();
    select(editor, 'First item').toggleBulletList().run();
    select(editor, 'Second item').toggleBulletList().run();
    select(editor, 'Step one').toggleOrderedList().run();
    select(editor, 'A quotation').toggleBlockquote().run();
    const links = { 'Site link': 'https://example.co.uk/a?b=1&c=2', 'Contact link': '/pages/contact', 'Mail link': 'mailto:hello@shop.co.uk', 'Phone link': 'tel:+441134960000' };
    for (const [text, href] of Object.entries(links)) select(editor, text).setLink({ href }).run();
    const html = editorHtml(editor);
    expect(html).toContain('<p><strong>Plain text</strong> with "<em>quotes</em>", it’s &amp; &lt;angle&gt; brackets and a\u00a0no-break space.</p>');
    expect(html).toContain('<h2>Heading two</h2><h3>Heading three</h3><ul><li><p>First item</p></li><li><p>Second item</p></li></ul><ol><li><p>Step one</p></li></ol><blockquote><p>A quotation</p></blockquote>');
    expect(html).toContain('<a href="https://example.co.uk/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">Site link</a>');
    expect(html).toContain('<a href="/pages/contact">Contact link</a>');
    expect(html).toContain('<a href="tel:+441134960000">Phone link</a>');
    keptAsIs(html);
    editor.commands.undo();
    keptAsIs(editorHtml(editor));
  });

  it('an empty editor is an empty body, and the paragraph kept after a list is not stored', () => {
    expect(editorHtml(editorWith(''))).toBe('');
    expect(editorHtml(editorWith('<p></p>'))).toBe('');
    const list = editorWith('<ul><li>Only item</li></ul><p></p><p></p>');
    expect(editorHtml(list)).toBe('<ul><li><p>Only item</p></li></ul>');
  });

  it('offers only the page’s tags: no underline, line breaks or code', () => {
    const editor = editorWith('<p><u>under</u> <s>struck</s> <code>code</code> line<br>break</p><h1>Big</h1><h4>Small</h4><hr><pre>pre</pre>');
    const html = editorHtml(editor);
    expect(html).not.toMatch(/<(u|s|code|br|h1|h4|hr|pre)\b/);
    keptAsIs(html);
    expect(editor.can().toggleUnderline?.()).toBeFalsy();
  });
});

describe('stored HTML loads into the editor', () => {
  const samples = [
    '<h2>Our story</h2><p>We started in a <strong>small workshop</strong> in 2014.</p><ul><li>Small batches</li><li>Local makers</li></ul><blockquote>Things worth keeping.</blockquote><p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">Site</a> and <a href="http://old.example.com" target="_blank" rel="noopener noreferrer nofollow">old</a> <a href="#top">top</a></p>',
    ...LEGAL_PAGE_KINDS.map((kind) => legalPageBody(kind, facts)),
    ...PAGE_STARTER_KEYS.map((key) => starterContent(key, 'Title', facts).body).filter((b): b is string => typeof b === 'string'),
  ];

  it('keeps every word and link of what the server stored, in HTML the server keeps', () => {
    for (const stored of samples.map(sanitizeRichText)) {
      const html = editorHtml(editorWith(stored));
      keptAsIs(html);
      expect(richTextToPlain(html)).toBe(richTextToPlain(stored));
      const hrefs = (s: string) => [...s.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      expect(hrefs(html)).toEqual(hrefs(stored));
    }
  });

  it('email templates keep their headings, inline styles and line breaks', () => {
    for (const template of Object.values(DEFAULT_TEMPLATES)) {
      const html = editorHtml(editorWith(template.html, 'email'));
      // The browser writes the same styles in its own spelling ("margin: 0px 0px 16px;").
      expect(html).toMatch(/^<h1 style="margin: ?0(px)? 0(px)? 16px; ?font-size: ?22px; ?line-height: ?1.3;?">/);
      expect(html).toMatch(/<p style="margin: ?0(px)? 0(px)? 16px;?">/);
      if (template.html.includes('<br />')) expect(html).toContain('<br>');
      for (const variable of template.html.match(/\{\{[^}]+\}\}/g) ?? []) expect(html).toContain(variable);
    }
    const link = editorHtml(editorWith('<p><a href="{{claim_url}}">Add my orders</a> <u>now</u></p>', 'email'));
    expect(link).toBe('<p><a href="{{claim_url}}">Add my orders</a> <u>now</u></p>');
  });
});
