import { Monitor } from 'lucide-react';
import { PageView, type PageViewContent } from '@/components/content/PageView';
import { useSanitizedHtml } from '@/lib/admin-pages';
import { useDebounced } from '@/lib/use-debounced';

/**
 * The live preview beside the form: the storefront's own PageView. The body goes through the server's
 * sanitiser first (debounced), so the preview shows exactly what a save would store, and nothing typed
 * into the editor ever runs as HTML in the admin.
 */
export function PagePreview({ content, slug }: { content: PageViewContent; slug: string }) {
  const body = typeof content.body === 'string' ? content.body : '';
  const settled = useDebounced(body, 300);
  const sanitized = useSanitizedHtml(settled);
  const bodyHtml = settled.trim() === '' ? '' : (sanitized.data ?? '');
  return (
    <section aria-label="Live preview" className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs">
      <div className="flex items-center gap-2 border-b border-zinc-200 bg-zinc-50 px-3 py-2 text-xs text-zinc-500">
        <span className="flex gap-1" aria-hidden>
          <span className="size-2.5 rounded-full bg-zinc-300" />
          <span className="size-2.5 rounded-full bg-zinc-300" />
          <span className="size-2.5 rounded-full bg-zinc-300" />
        </span>
        <Monitor className="ml-1 size-3.5" aria-hidden />
        <span className="truncate font-mono">/pages/{slug}</span>
        <span className="ml-auto font-medium text-zinc-600">Live preview</span>
      </div>
      {/* Links in the preview are not followed: it is a picture of the page, not a way out of the editor. */}
      <div className="pointer-events-none max-h-[calc(100vh-12rem)] overflow-y-auto select-none" data-testid="page-preview">
        <PageView content={content} bodyHtml={bodyHtml} compact />
      </div>
    </section>
  );
}
