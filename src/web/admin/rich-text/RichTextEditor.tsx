import { Suspense, type Ref } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { preloadable } from '@/lib/preloadable';
import type { RichTextProfile } from './extensions';

/** What a form can do to the editor from outside: the email variable picker inserts at the cursor. */
export interface RichTextHandle {
  insertText(text: string): void;
  focus(): void;
}

export interface RichTextEditorProps {
  /** Its accessible name: the field's label, so a person (and a test) finds it by that. */
  label: string;
  /** HTML as stored. A new value from outside (another mode, a reset) is loaded; typing is not echoed back. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  /** Which tags it may write (extensions.ts): a content page's, or an email template's. */
  profile?: RichTextProfile;
  /** Shows a counter of the stored HTML's length against this limit. */
  max?: number;
  /** The editing area's least height. */
  size?: 'md' | 'lg';
  handle?: Ref<RichTextHandle>;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

// TipTap and ProseMirror are a chunk of their own, fetched when a screen first shows an editor, so no
// other admin screen (and never the storefront) downloads them.
const Editor = preloadable(() => import('./TipTapEditor').then((m) => m.TipTapEditor));

/** Starts fetching the editor's code ahead of need (a screen that will show one, on hover). */
export const preloadRichTextEditor = Editor.preload;

/** The back office's rich-text editor (decision 045): bold, italic, headings, lists, links, quotes. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorLoading label={props.label} size={props.size} />}>
      <Editor {...props} />
    </Suspense>
  );
}

/** The editor's outline while its code loads: the same size, so nothing jumps when it arrives. */
function EditorLoading({ label, size = 'md' }: { label: string; size?: 'md' | 'lg' }) {
  return (
    <div className="overflow-hidden rounded-md border border-zinc-300 bg-white shadow-xs" aria-busy="true" data-testid="rich-text-loading">
      <div className="flex gap-1 border-b border-zinc-200 bg-zinc-50 p-1" aria-hidden>
        {Array.from({ length: 9 }, (_, i) => <Skeleton key={i} className="size-8 rounded bg-zinc-200/60" />)}
      </div>
      <div className={`flex items-center justify-center gap-2 text-sm text-zinc-500 ${size === 'lg' ? 'min-h-72' : 'min-h-48'}`}>
        <Spinner className="size-4" label={`Loading the ${label.replace(/\s*\*$/, '')} editor`} />
        Loading editor…
      </div>
    </div>
  );
}
