import { useRef, useState, type KeyboardEvent } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, Quote, Redo2, Underline, Undo2, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { RichTextProfile } from './extensions';

interface Tool {
  key: string;
  label: string;
  /** Shown in the tooltip: the keyboard shortcut that does the same. */
  keys: string;
  icon: LucideIcon;
  /** Pressed state for toggles; undefined for actions (undo, redo). */
  active?: boolean;
  disabled?: boolean;
  run: () => void;
  /** A thin rule before this button, between groups. */
  group?: boolean;
}

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = mac ? '⌘' : 'Ctrl+';

/**
 * The formatting buttons (one toolbar, one Tab stop: arrow keys move between buttons, as the ARIA
 * toolbar pattern has it). Buttons keep the editor's selection: a mouse press does not take focus, and
 * each command puts the focus back where the person was typing.
 */
export function RichTextToolbar({ editor, profile, label, onLink }: { editor: Editor; profile: RichTextProfile; label: string; onLink: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tools: Tool[] = [
    { key: 'bold', label: 'Bold', keys: `${mod}B`, icon: Bold, active: state.bold, run: () => chain().toggleBold().run() },
    { key: 'italic', label: 'Italic', keys: `${mod}I`, icon: Italic, active: state.italic, run: () => chain().toggleItalic().run() },
    ...(profile === 'email' ? [{ key: 'underline', label: 'Underline', keys: `${mod}U`, icon: Underline, active: state.underline, run: () => chain().toggleUnderline().run() }] : []),
    { key: 'h2', label: 'Heading', keys: `${mod}Alt+2`, icon: Heading2, active: state.h2, run: () => chain().toggleHeading({ level: 2 }).run(), group: true },
    { key: 'h3', label: 'Subheading', keys: `${mod}Alt+3`, icon: Heading3, active: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bullet', label: 'Bulleted list', keys: `${mod}Shift+8`, icon: List, active: state.bullet, run: () => chain().toggleBulletList().run(), group: true },
    { key: 'ordered', label: 'Numbered list', keys: `${mod}Shift+7`, icon: ListOrdered, active: state.ordered, run: () => chain().toggleOrderedList().run() },
    { key: 'quote', label: 'Quote', keys: `${mod}Shift+B`, icon: Quote, active: state.quote, run: () => chain().toggleBlockquote().run() },
    { key: 'link', label: 'Link', keys: `${mod}K`, icon: Link2, active: state.link, run: onLink, group: true },
    { key: 'undo', label: 'Undo', keys: `${mod}Z`, icon: Undo2, disabled: !state.canUndo, run: () => chain().undo().run(), group: true },
    { key: 'redo', label: 'Redo', keys: mac ? '⌘Shift+Z' : 'Ctrl+Y', icon: Redo2, disabled: !state.canRedo, run: () => chain().redo().run() },
  ];

  // Roving focus: the toolbar is one Tab stop; the last button used keeps it.
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tools.length - 1;
    const next = event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <div role="toolbar" aria-label={`Formatting for ${label.replace(/\s*\*$/, '')}`} className="flex flex-wrap items-center border-b border-zinc-200 bg-zinc-50 p-1">
      {tools.map((tool, index) => (
        <span key={tool.key} className="contents">
          {tool.group ? <span className="mx-0.5 h-5 w-px bg-zinc-200" aria-hidden /> : null}
          <button
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            tabIndex={index === current ? 0 : -1}
            aria-label={tool.label}
            aria-pressed={tool.active}
            aria-keyshortcuts={tool.keys.replace('⌘', 'Meta+')}
            title={`${tool.label} (${tool.keys})`}
            // Still focusable while it cannot act, so the toolbar's one Tab stop never disappears.
            aria-disabled={tool.disabled || undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setCurrent(index);
              if (!tool.disabled) tool.run();
            }}
            onKeyDown={(e) => move(e, index)}
            className={cn(
              'inline-flex size-8 items-center justify-center rounded text-zinc-600 hover:bg-white hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-disabled:opacity-40 aria-disabled:hover:bg-transparent',
              tool.active && 'bg-white text-indigo-700 shadow-xs ring-1 ring-zinc-200',
            )}
          >
            <tool.icon className="size-4" aria-hidden />
          </button>
        </span>
      ))}
    </div>
  );
}
