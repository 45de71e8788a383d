import { useParams, useSearchParams } from 'react-router';
import { Eye } from 'lucide-react';
import { NotFound } from '@/app/NotFound';
import { PageView } from '@/components/content/PageView';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useContentPage } from '@/lib/content-pages';
import { LoadError } from '../components/LoadError';
import { ProductImage } from '../components/ProductImage';
import { useDocumentTitle } from '../store-context';

/**
 * /pages/{slug}: a published content page (issue 14). The body is the HTML the server sanitised when
 * it was saved. Drafts and unknown slugs show the 404 state (the server already answered 404). With
 * ?preview a signed-in store manager sees the draft; anyone else gets the same 404.
 */
export function ContentPage() {
  const { pageSlug = '' } = useParams();
  const [params] = useSearchParams();
  const preview = params.has('preview');
  const page = useContentPage(pageSlug, preview);
  const missing = page.error instanceof ApiError && [401, 403, 404].includes(page.error.status);
  const title = page.data && typeof page.data.content.hero_title === 'string' ? page.data.content.hero_title : null;
  useDocumentTitle(title ?? (missing ? 'Page not found' : null));

  if (missing) return <NotFound />;
  if (page.isError) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
        <LoadError title="Failed to load page" error={page.error} fallback="Please try again in a moment." onRetry={() => void page.refetch()} />
      </div>
    );
  }
  if (!page.data) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12" aria-busy="true" aria-label="Loading page">
        <Skeleton className="aspect-video w-full rounded-2xl" />
        <div className="mx-auto mt-10 grid max-w-2xl gap-3">
          <Skeleton className="h-5" />
          <Skeleton className="h-5" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      </div>
    );
  }
  return (
    <>
      {page.data.preview ? (
        <div role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
          <Eye className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
          Preview of the draft: only signed-in staff see this. Shoppers see the published page.
        </div>
      ) : null}
      <PageView
        content={page.data.content}
        bodyHtml={typeof page.data.content.body === 'string' ? page.data.content.body : ''}
        // The hero is the page's largest picture: asked for first, at the width it is drawn (max-w-4xl).
        hero={({ url, className }) => <ProductImage image={{ image_url: url, alt_text: null, ...page.data.hero_size }} fallbackAlt="" sizes="(min-width: 896px) 848px, calc(100vw - 32px)" priority="high" className={className} />}
      />
    </>
  );
}
