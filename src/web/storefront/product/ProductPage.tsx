import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AlertTriangle, PackageX, RotateCw } from 'lucide-react';
import { maxQuantity, type ProductDetail } from '@shared/catalog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useProduct } from '@/lib/catalog';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { StatusScreen } from '../components/StatusScreen';
import { isNotFound } from '../not-found';
import { useDocumentTitle } from '../store-context';
import { useErrorToast } from '../use-error-toast';
import { ProductGallery } from './ProductGallery';
import { ProductPageSkeleton } from './ProductPageSkeleton';
import { ProductSummary } from './ProductSummary';
import { ProductTabs, type ProductTab } from './ProductTabs';
import { RelatedProducts } from './RelatedProducts';

/** /p/{productSlug} (storefront spec §2). */
export function ProductPage() {
  const { productSlug = '' } = useParams();
  const product = useProduct(productSlug);
  const missing = isNotFound(product.error);
  useDocumentTitle(product.data?.name ?? (missing ? 'Product not found' : null));
  useErrorToast(product.isError && !missing ? product.error : null, 'Failed to load product details', 'product-load');

  if (product.data) return <ProductView key={product.data.id} product={product.data} />;
  if (missing) {
    return (
      <StatusScreen icon={PackageX} title="Product Not Found" action={<Button asChild><Link to="/">Return Home</Link></Button>}>
        The requested product could not be found.
      </StatusScreen>
    );
  }
  if (product.isError) {
    return (
      <StatusScreen
        icon={AlertTriangle}
        title="Unable to load product"
        action={
          <>
            <Button onClick={() => void product.refetch()}><RotateCw aria-hidden /> Try again</Button>
            <Button variant="outline" asChild><Link to="/">Return Home</Link></Button>
          </>
        }
      >
        {errorMessage(product.error, 'Failed to load product details')}
      </StatusScreen>
    );
  }
  return <ProductPageSkeleton />;
}

/** One product on screen. Keyed by product, so a related product opens with fresh choices. */
function ProductView({ product }: { product: ProductDetail }) {
  // Storefront spec §4: the first variant is chosen to begin with.
  const [variantId, setVariantId] = useState(product.product_variants[0]?.id ?? null);
  const [quantity, setQuantity] = useState(1);
  const [tab, setTab] = useState<ProductTab>('details');
  const tabsRef = useRef<HTMLDivElement>(null);
  const variant = product.product_variants.find((v) => v.id === variantId) ?? null;
  const mainCategory = product.categories[0];

  // Another variant may have fewer left: the quantity comes down to what it has (never below 1).
  const chooseVariant = (id: string) => {
    setVariantId(id);
    const next = product.product_variants.find((v) => v.id === id);
    setQuantity((q) => Math.max(1, Math.min(q, maxQuantity(next?.stock_available ?? null))));
  };

  const showReviews = () => {
    setTab('reviews');
    tabsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <Breadcrumbs
        items={[
          { label: 'Home', to: '/' },
          mainCategory ? { label: mainCategory.name, to: `/c/${mainCategory.slug}` } : { label: 'Shop', to: '/' },
          { label: product.name },
        ]}
      />
      <div className="mt-8 grid gap-10 lg:grid-cols-2 lg:gap-14">
        <ProductGallery name={product.name} image={product.image} extras={product.product_images} focus={variant?.image ?? null} />
        <ProductSummary
          product={product}
          variant={variant}
          onSelectVariant={chooseVariant}
          quantity={quantity}
          onQuantityChange={setQuantity}
          onShowReviews={showReviews}
        />
      </div>
      <div className="mt-16">
        <ProductTabs ref={tabsRef} product={product} value={tab} onChange={setTab} />
      </div>
      <div className="mt-16">
        <RelatedProducts productId={product.id} />
      </div>
    </div>
  );
}
