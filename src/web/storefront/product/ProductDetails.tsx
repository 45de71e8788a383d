import type { ProductDetail } from '@shared/catalog';

/**
 * The Details tab: the product's identifiers and where it is listed. The description and key
 * features sit beside the pictures already, so they are not repeated here.
 */
export function ProductDetails({ product }: { product: ProductDetail }) {
  const facts = [
    { label: 'Brand', value: product.brand },
    { label: 'SKU', value: product.sku },
    { label: 'Options', value: product.product_variants.length > 0 ? `${product.product_variants.length} to choose from` : null },
    { label: 'GTIN', value: product.gtin },
    { label: 'MPN', value: product.mpn },
    { label: 'Categories', value: product.categories.map((category) => category.name).join(', ') || null },
  ].filter((fact): fact is { label: string; value: string } => Boolean(fact.value));
  return (
    <div className="max-w-3xl">
      <h2 className="text-lg font-semibold">Product details</h2>
      <dl className="mt-4 grid border-t border-zinc-200 sm:grid-cols-2 sm:gap-x-10">
        {facts.map((fact) => (
          <div key={fact.label} className="flex justify-between gap-4 border-b border-zinc-200 py-3 text-sm">
            <dt className="text-zinc-500">{fact.label}</dt>
            <dd className="text-right font-medium break-all text-zinc-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
