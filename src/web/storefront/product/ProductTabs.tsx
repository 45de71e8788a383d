import { forwardRef, Suspense, useEffect } from 'react';
import type { ProductDetail } from '@shared/catalog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { preloadable } from '@/lib/preloadable';
import { ProductDetails } from './ProductDetails';

// The Reviews tab's code loads when a shopper reaches for the tab (pointer over or down, keyboard
// focus) or opens it from the rating link, not with the product page. While it loads, the panel's own
// loading state shows, as it does while the reviews themselves load.
const ReviewsPanel = preloadable(() => import('../reviews/ReviewsPanel').then((m) => m.ReviewsPanel));

// The Specifications and Delivery & Returns panels are not needed to show the page: their code (one
// small bundle) is fetched once the tabs are on screen, and at the latest when a shopper reaches for
// either tab, so it is there by the time one is opened.
const loadPanels = () => import('./tab-panels');
const SpecsTable = preloadable(() => loadPanels().then((m) => m.SpecsTable));
const DeliveryReturns = preloadable(() => loadPanels().then((m) => m.DeliveryReturns));
const preloadPanels = () => {
  SpecsTable.preload();
  DeliveryReturns.preload();
};
const PRELOAD: Partial<Record<ProductTab, () => void>> = { specifications: preloadPanels, reviews: ReviewsPanel.preload, delivery: preloadPanels };

export type ProductTab = 'details' | 'specifications' | 'reviews' | 'delivery';

const TABS: { value: ProductTab; label: string }[] = [
  { value: 'details', label: 'Details' },
  { value: 'specifications', label: 'Specifications' },
  { value: 'reviews', label: 'Reviews' },
  { value: 'delivery', label: 'Delivery & Returns' },
];

interface ProductTabsProps {
  product: ProductDetail;
  value: ProductTab;
  onChange: (tab: ProductTab) => void;
}

/** Details, Specifications, Reviews, Delivery & Returns (storefront spec §2). Controlled, so the rating link can open Reviews. */
export const ProductTabs = forwardRef<HTMLDivElement, ProductTabsProps>(({ product, value, onChange }, ref) => {
  useEffect(preloadPanels, []);
  return (
    <Tabs ref={ref} value={value} onValueChange={(next) => onChange(next as ProductTab)} className="scroll-mt-40">
      {/* Two rows of two on phones: the four labels never fit one 375 px row, and a row that scrolls
          sideways hid 'Delivery & Returns' past the screen's edge. One row from sm up. */}
      <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-10 sm:w-auto sm:gap-0">
        {TABS.map((tab) => (
          <TabsTrigger
            key={tab.value}
            value={tab.value}
            className="min-w-0 px-2 whitespace-nowrap sm:flex-none sm:px-4"
            {...(PRELOAD[tab.value] ? { onPointerEnter: PRELOAD[tab.value], onPointerDown: PRELOAD[tab.value], onFocus: PRELOAD[tab.value] } : {})}
          >
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <div className="mt-6">
        <TabsContent value="details">
          <ProductDetails product={product} />
        </TabsContent>
        <TabsContent value="specifications">
          <Suspense fallback={null}>
            <SpecsTable specs={product.specs} />
          </Suspense>
        </TabsContent>
        <TabsContent value="reviews">
          <Suspense fallback={<ReviewsLoading />}>
            <ReviewsPanel productId={product.id} />
          </Suspense>
        </TabsContent>
        <TabsContent value="delivery">
          <Suspense fallback={null}>
            <DeliveryReturns />
          </Suspense>
        </TabsContent>
      </div>
    </Tabs>
  );
});
ProductTabs.displayName = 'ProductTabs';

/** The same placeholders ReviewsPanel shows while the reviews load. */
function ReviewsLoading() {
  return (
    <div className="grid gap-8 lg:grid-cols-[260px_1fr] lg:gap-12">
      <aside className="flex flex-col items-start gap-4">
        <Skeleton className="h-16 w-48" />
      </aside>
      <div className="grid min-w-0 gap-6">
        <div className="grid gap-6" role="status" aria-label="Loading reviews">
          {[1, 2].map((n) => <Skeleton key={n} className="h-28 w-full" />)}
        </div>
      </div>
    </div>
  );
}
