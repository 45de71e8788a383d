import { useId, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { checkLinkInput } from '@shared/rich-text-links';
import type { RichTextProfile } from './extensions';

/**
 * Where the selected text links to: a page of the shop, an https:// address, an email address or a
 * phone number (checkLinkInput; decision 045). With nothing selected the address itself is put in as
 * the link's text. Enter applies, Escape goes back to the text without closing any dialog around it.
 */
export function LinkPrompt({ editor, profile, onClose }: { editor: Editor; profile: RichTextProfile; onClose: () => void }) {
  const id = useId();
  const current = editor.isActive('link') ? String(editor.getAttributes('link').href ?? '') : '';
  const [text, setText] = useState(current);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    onClose();
    editor.commands.focus();
  };

  const apply = () => {
    const check = checkLinkInput(text, { templateVariables: profile === 'email' });
    if ('error' in check) return setError(check.error);
    const { href } = check;
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive('link')) {
      // Nothing selected: the link's text is where it goes, without its mailto: or tel:.
      const label = href.replace(/^(mailto|tel):/i, '');
      editor.chain().focus().insertContent({ type: 'text', text: label, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    }
    onClose();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };

  return (
    <div
      role="group"
      aria-label="Link"
      data-handles-escape=""
      className="grid gap-1.5 border-b border-zinc-200 bg-indigo-50/40 px-3 py-2.5"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
      }}
    >
      <label htmlFor={id} className="text-xs font-medium text-zinc-700">Link to</label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          placeholder="/pages/contact or https://…"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          autoFocus
          className="min-w-0 flex-1 bg-white"
        />
        <div className="flex gap-2">
          <Button size="sm" className="h-9" onClick={apply}>Apply</Button>
          {current ? <Button size="sm" variant="outline" className="h-9" onClick={remove}>Remove link</Button> : null}
          <Button size="sm" variant="ghost" className="h-9" onClick={close}>Cancel</Button>
        </div>
      </div>
      <p id={`${id}-message`} className={error ? 'text-xs text-red-600' : 'text-xs text-zinc-500'} role={error ? 'alert' : undefined}>
        {error ?? 'A page of your shop (/pages/about), an https:// address, an email address or a phone number.'}
      </p>
    </div>
  );
}
