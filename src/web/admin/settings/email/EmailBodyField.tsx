import { useId, useMemo, type Ref } from 'react';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { RichTextEditor, type RichTextHandle } from '../../rich-text/RichTextEditor';
import { fitsRichText } from '../../rich-text/fits-rich-text';

export type BodyMode = 'rich' | 'html';

interface Props {
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  onFocus: () => void;
  mode: BodyMode;
  onModeChange: (mode: BodyMode) => void;
  error?: string;
  editorHandle: Ref<RichTextHandle>;
  textareaRef: Ref<HTMLTextAreaElement>;
}

/** The mode a template opens in: the editor, unless its HTML has markup the editor would drop. */
export const initialBodyMode = (html: string): BodyMode => (fitsRichText(html) ? 'rich' : 'html');

/**
 * An email template's body (spec §3 "html"): written in the rich-text editor by default, or as HTML
 * for what the editor cannot show (tables, images, styles), which then stays in the HTML view.
 */
export function EmailBodyField({ value, onChange, onBlur, onFocus, mode, onModeChange, error, editorHandle, textareaRef }: Props) {
  const id = useId();
  const messageId = `${id}-message`;
  const richPossible = useMemo(() => mode === 'rich' || fitsRichText(value), [mode, value]);
  const label = 'HTML content *';
  const hint =
    mode === 'rich'
      ? 'Placed inside your store’s email layout. Variables go in where the cursor is.'
      : richPossible
        ? 'Placed inside your store’s email layout, unless it is a whole HTML document.'
        : 'This HTML has markup the editor cannot show (such as tables, pictures or styles), so it is edited as HTML.';
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': messageId };
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <div role="group" aria-label="Edit the content as" className="inline-flex rounded-md border border-zinc-200 bg-zinc-50 p-0.5">
          {(['rich', 'html'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              disabled={m === 'rich' && !richPossible}
              onClick={() => onModeChange(m)}
              className={cn(
                'rounded px-2.5 py-1 text-xs font-medium text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:text-zinc-600',
                mode === m && 'bg-white text-zinc-900 shadow-xs ring-1 ring-zinc-200',
              )}
            >
              {m === 'rich' ? 'Rich text' : 'Edit HTML'}
            </button>
          ))}
        </div>
      </div>
      {mode === 'rich' ? (
        <RichTextEditor id={id} label={label} value={value} onChange={onChange} onBlur={onBlur} onFocus={onFocus} profile="email" handle={editorHandle} {...aria} />
      ) : (
        <Textarea id={id} ref={textareaRef} name="html" rows={10} spellCheck={false} className="font-mono text-xs" value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} onFocus={onFocus} {...aria} />
      )}
      <p id={messageId} className={error ? 'text-xs text-red-600' : 'text-xs text-zinc-500'}>{error ?? hint}</p>
    </div>
  );
}
