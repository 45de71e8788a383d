import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useAdminProduct } from '@/lib/admin-products';
import { ProductForm } from './ProductForm';
import { EMPTY_PRODUCT, toFormValues } from './product-form-values';

const LIST = '/admin/catalogue/products';

/** /admin/catalogue/products/new */
export function CreateProductPage() {
  return <ProductForm productId={null} initial={EMPTY_PRODUCT} />;
}

/** /admin/catalogue/products/{id}/edit: loads the product, or says it failed and returns to the list. */
export function EditProductPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const product = useAdminProduct(id);

  useEffect(() => {
    if (!product.isError) return;
    toast.error('Failed to load product', { description: errorMessage(product.error, 'Please try again shortly.') });
    navigate(LIST, { replace: true });
  }, [product.isError, product.error, navigate]);

  if (!id) return <Navigate to={LIST} replace />;
  if (product.isPending || product.isError) {
    return (
      <div className="flex flex-col items-center justify-center gap-3 py-24 text-sm text-zinc-500">
        <Spinner label="Loading product" />
        Loading product...
      </div>
    );
  }
  // Keyed by product: opening another product starts a fresh form.
  const { category_ids, vat_rate, effective_vat_rate } = product.data;
  return <ProductForm key={product.data.id} productId={product.data.id} initial={toFormValues(product.data)} savedVat={{ category_ids, vat_rate, effective_vat_rate }} />;
}
