import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { formatGBP } from '@shared/money';
import type { ProductFormValues, VariantValues } from './product-form-values';

const label = (v: VariantValues, i: number) => v.options.map((o) => o.value.trim()).filter(Boolean).join(' / ') || v.sku.trim() || `Variant ${i + 1}`;
const pounds = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * Under Base Price on a product with variants (issue 27 item 3): shoppers pay each variant's own
 * price, so a changed base price says which prices it changes (the listings') and which it does not
 * (the variants' that matched the old one), and offers to move those with it.
 */
export function VariantPricingNote({ control, setValue, savedBasePrice }: { control: Control<ProductFormValues>; setValue: UseFormSetValue<ProductFormValues>; savedBasePrice: string }) {
  const base = useWatch({ control, name: 'base_price' });
  const variants = useWatch({ control, name: 'variants' });
  if (variants.length === 0) return null;
  const was = pounds(savedBasePrice);
  const now = pounds(base);
  const changed = Number.isFinite(was) && Number.isFinite(now) && was !== now;
  const matching = changed ? variants.flatMap((v, i) => (pounds(v.price) === was ? [i] : [])) : [];
  // What a shopper pays: the sale price when one is set below the price (as the list's range).
  const paid = (v: VariantValues) => {
    const price = pounds(v.price);
    const sale = pounds(v.sale_price);
    return Number.isFinite(sale) && sale < price ? sale : price;
  };
  const priced = variants.map(paid).filter(Number.isFinite);
  const range = priced.length ? (Math.min(...priced) === Math.max(...priced) ? formatGBP(priced[0]) : `${formatGBP(Math.min(...priced))} to ${formatGBP(Math.max(...priced))}`) : null;

  const follow = () => {
    for (const i of matching) setValue(`variants.${i}.price`, now.toFixed(2), { shouldDirty: true });
  };
  return (
    <div className="grid gap-2 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 sm:col-span-2" data-testid="variant-pricing-note">
      <p>
        Shoppers pay each variant&apos;s own price{range ? ` (${range})` : ''}. The base and sale price here are what category pages and search show for the product.
      </p>
      {changed ? (
        matching.length ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="flex-1">
              Changing the base price to {formatGBP(now)} changes the listing price only. {matching.map((i) => label(variants[i], i)).join(', ')}{' '}
              {matching.length === 1 ? 'stays' : 'stay'} at {formatGBP(was)}.
            </p>
            <Button type="button" size="sm" variant="outline" onClick={follow}>
              Set {matching.length === 1 ? 'it' : `these ${matching.length}`} to {formatGBP(now)} too
            </Button>
          </div>
        ) : (
          <p>Changing the base price to {formatGBP(now)} changes the listing price only; no variant&apos;s price changes.</p>
        )
      ) : null}
    </div>
  );
}
