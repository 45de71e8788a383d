import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { cn } from '@/lib/utils';
import { editorHtml, richTextExtensions } from './extensions';
import { LinkPrompt } from './LinkPrompt';
import type { RichTextEditorProps } from './RichTextEditor';
import { RichTextToolbar } from './RichTextToolbar';

/** Admin-sized typography for the tags the editor writes (the storefront's PageView has its own). */
const CONTENT =
  'px-3 py-2.5 text-sm leading-6 text-zinc-800 outline-none [&_a]:text-indigo-700 [&_a]:underline [&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-zinc-200 [&_blockquote]:pl-3 [&_blockquote]:text-zinc-600 [&_blockquote]:italic [&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-zinc-900 [&_h3]:mt-4 [&_h3]:mb-1.5 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-zinc-900 [&_li]:my-0.5 [&_li>p]:my-0 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_strong]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&>:first-child]:mt-0';

/** The TipTap editor itself (a lazy chunk: RichTextEditor.tsx is what screens import). */
export function TipTapEditor(props: RichTextEditorProps) {
  const { label, value, onChange, onBlur, onFocus, profile = 'page', max, size = 'md', handle, id } = props;
  const invalid = props['aria-invalid'];
  const describedBy = props['aria-describedby'];
  // The editor is made once; its handlers call the latest props through this.
  const callbacks = useRef({ onChange, onBlur, onFocus });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onBlur, onFocus };
  });
  // What the editor last reported: a `value` equal to it is our own echo, anything else is loaded.
  const emitted = useRef(value);
  const [linkOpen, setLinkOpen] = useState(false);
  const extensions = useMemo(() => richTextExtensions(profile), [profile]);

  const attributes = useMemo(() => {
    const attrs: Record<string, string> = {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': label.replace(/\s*\*$/, ''),
      spellcheck: 'true',
      class: cn(CONTENT, size === 'lg' ? 'min-h-72' : 'min-h-48'),
    };
    if (id) attrs.id = id;
    if (invalid) attrs['aria-invalid'] = 'true';
    if (describedBy) attrs['aria-describedby'] = describedBy;
    return attrs;
  }, [label, size, id, invalid, describedBy]);

  const editorProps = useMemo(
    () => ({
      attributes,
      // Ctrl/Cmd+K: the link prompt, as in most editors.
      handleKeyDown: (_view: unknown, event: KeyboardEvent) => {
        if (event.key.toLowerCase() !== 'k' || !(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return false;
        event.preventDefault();
        setLinkOpen(true);
        return true;
      },
    }),
    [attributes],
  );

  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const html = editorHtml(current);
      emitted.current = html;
      callbacks.current.onChange(html);
    },
    onBlur: () => callbacks.current.onBlur?.(),
    onFocus: () => callbacks.current.onFocus?.(),
  });

  useEffect(() => {
    if (!editor.isDestroyed) editor.setOptions({ editorProps });
  }, [editor, editorProps]);

  // A value from outside (the HTML view, a reset): load it without reporting it back as typing.
  useEffect(() => {
    if (value === emitted.current || editor.isDestroyed) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(handle, () => ({
    insertText: (text: string) => void editor.chain().focus().insertContent({ type: 'text', text }).run(),
    focus: () => void editor.commands.focus(),
  }), [editor]);

  return (
    <div
      className={cn(
        'overflow-hidden rounded-md border border-zinc-300 bg-white shadow-xs focus-within:border-indigo-500 focus-within:outline-2 focus-within:outline-indigo-200',
        invalid && 'border-red-500',
      )}
      data-rich-text-editor=""
    >
      <RichTextToolbar editor={editor} profile={profile} label={label} onLink={() => setLinkOpen(true)} />
      {linkOpen ? <LinkPrompt editor={editor} profile={profile} onClose={() => setLinkOpen(false)} /> : null}
      <EditorContent editor={editor} />
      {max !== undefined ? (
        <div className={cn('border-t border-zinc-200 bg-zinc-50 px-3 py-1.5 text-right text-xs tabular-nums', value.length > max ? 'text-red-600' : 'text-zinc-500')} title="Length of the formatted text as it is stored">
          {value.length.toLocaleString('en-GB')} / {max.toLocaleString('en-GB')}
        </div>
      ) : null}
    </div>
  );
}
