import { useRef } from 'react';
import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, Quote, type LucideIcon } from 'lucide-react';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

interface Tool {
  label: string;
  icon: LucideIcon;
  before: string;
  after: string;
  /** Text put in when nothing is selected. */
  placeholder: string;
}

const TOOLS: Tool[] = [
  { label: 'Bold', icon: Bold, before: '<strong>', after: '</strong>', placeholder: 'bold text' },
  { label: 'Italic', icon: Italic, before: '<em>', after: '</em>', placeholder: 'italic text' },
  { label: 'Heading 2', icon: Heading2, before: '<h2>', after: '</h2>\n', placeholder: 'Heading' },
  { label: 'Heading 3', icon: Heading3, before: '<h3>', after: '</h3>\n', placeholder: 'Subheading' },
  { label: 'Bulleted list', icon: List, before: '<ul>\n  <li>', after: '</li>\n</ul>\n', placeholder: 'List item' },
  { label: 'Numbered list', icon: ListOrdered, before: '<ol>\n  <li>', after: '</li>\n</ol>\n', placeholder: 'List item' },
  { label: 'Link', icon: Link2, before: '<a href="https://">', after: '</a>', placeholder: 'link text' },
  { label: 'Quote', icon: Quote, before: '<blockquote>', after: '</blockquote>\n', placeholder: 'Quotation' },
];

interface Props {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  max: number;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * The body: an HTML text area with a toolbar that wraps the selection in an allowed tag (decision 019).
 * What is typed is only measured here; the server cleans it, and the preview shows the cleaned result.
 */
export function RichTextField({ value, onChange, onBlur, max, ...aria }: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);

  const apply = (tool: Tool) => {
    const area = ref.current;
    if (!area) return;
    const { selectionStart: start, selectionEnd: end } = area;
    const selected = value.slice(start, end) || tool.placeholder;
    const next = value.slice(0, start) + tool.before + selected + tool.after + value.slice(end);
    onChange(next);
    // Select the wrapped text (or a new link's address) so typing replaces it.
    const isLink = tool.label === 'Link';
    const from = isLink ? start + '<a href="'.length : start + tool.before.length;
    const to = isLink ? start + '<a href="https://'.length : from + selected.length;
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(from, to);
    });
  };

  return (
    <div className="overflow-hidden rounded-md border border-zinc-300 shadow-xs focus-within:border-indigo-500 focus-within:outline-2 focus-within:outline-indigo-200 has-[textarea[aria-invalid=true]]:border-red-500">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-0.5 border-b border-zinc-200 bg-zinc-50 p-1">
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            title={tool.label}
            aria-label={tool.label}
            onClick={() => apply(tool)}
            className="inline-flex size-8 items-center justify-center rounded text-zinc-600 hover:bg-white hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <tool.icon className="size-4" aria-hidden />
          </button>
        ))}
      </div>
      <Textarea
        ref={ref}
        {...aria}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        rows={14}
        spellCheck
        className="min-h-72 rounded-none border-0 font-mono text-sm leading-6 shadow-none focus-visible:outline-0"
      />
      <div className={cn('border-t border-zinc-200 bg-zinc-50 px-3 py-1.5 text-right text-xs tabular-nums', value.length > max ? 'text-red-600' : 'text-zinc-500')}>
        {value.length.toLocaleString('en-GB')} / {max.toLocaleString('en-GB')}
      </div>
    </div>
  );
}
