import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const HERO_CLASS = 'aspect-video w-full';

/** Slot values of a page (rich text already cleaned by the server). */
export type PageViewContent = Record<string, string | boolean>;

const text = (content: PageViewContent, key: string) => (typeof content[key] === 'string' ? (content[key] as string) : '');

/** Typography for the allowed rich-text tags (p, strong, em, lists, links, h2, h3, blockquote); the editor puts list items' and quotes' text in paragraphs. */
const RICH_TEXT =
  'text-base leading-7 text-zinc-700 sm:text-lg sm:leading-8 [&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-zinc-200 [&_blockquote]:pl-4 [&_blockquote]:text-zinc-600 [&_blockquote]:italic [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-zinc-900 [&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-zinc-900 [&_blockquote>p]:my-2 [&_li]:mt-1.5 [&_li>p]:my-0 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-4 [&_strong]:font-semibold [&_strong]:text-zinc-900 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&>:first-child]:mt-0';

/**
 * A content page as shoppers see it (the About template's slots): hero, body and optional button. The
 * storefront renders the published content with it and the admin editor its live preview, so both
 * look the same. `bodyHtml` must be HTML the server sanitised; nothing here cleans it.
 */
export function PageView({ content, bodyHtml, compact = false, hero }: { content: PageViewContent; bodyHtml: string; compact?: boolean; hero?: (props: { url: string; className: string }) => ReactNode }) {
  const title = text(content, 'hero_title');
  const image = text(content, 'hero_image');
  const ctaHref = text(content, 'cta_href');
  const ctaText = text(content, 'cta_text') || 'Find out more';
  const external = /^https?:/i.test(ctaHref);
  return (
    <article className={cn('mx-auto w-full', compact ? 'px-5 py-6' : 'max-w-4xl px-4 py-8 sm:px-6 sm:py-12')}>
      {image ? (
        <div className="relative overflow-hidden rounded-2xl bg-zinc-100">
          {/* The storefront draws it with its resized copies (`hero`); the editor's preview as it is. */}
          {hero ? hero({ url: image, className: HERO_CLASS }) : <img src={image} alt="" className={cn(HERO_CLASS, 'object-cover')} />}
          <div className="absolute inset-0 bg-gradient-to-t from-zinc-950/70 via-zinc-950/10 to-transparent" aria-hidden />
          <h1 className={cn('absolute inset-x-0 bottom-0 p-5 font-semibold tracking-tight text-balance text-white sm:p-8', compact ? 'text-2xl' : 'text-3xl sm:text-5xl')}>
            {title || <span className="opacity-60">Untitled page</span>}
          </h1>
        </div>
      ) : (
        <header className="border-b border-zinc-200 pb-6">
          <h1 className={cn('font-semibold tracking-tight text-balance text-zinc-900', compact ? 'text-2xl' : 'text-3xl sm:text-5xl')}>
            {title || <span className="text-zinc-400">Untitled page</span>}
          </h1>
        </header>
      )}
      {bodyHtml ? (
        <div className={cn('mx-auto max-w-2xl', compact ? 'mt-6' : 'mt-8 sm:mt-12', RICH_TEXT)} dangerouslySetInnerHTML={{ __html: bodyHtml }} />
      ) : null}
      {content.show_cta === true && ctaHref ? (
        <div className={cn('mx-auto max-w-2xl', compact ? 'mt-6' : 'mt-10')}>
          <Button asChild size="lg">
            {external ? (
              <a href={ctaHref} target="_blank" rel="noopener noreferrer">
                {ctaText} <ArrowRight aria-hidden />
              </a>
            ) : (
              <Link to={ctaHref}>
                {ctaText} <ArrowRight aria-hidden />
              </Link>
            )}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
