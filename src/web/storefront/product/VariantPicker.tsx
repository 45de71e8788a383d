import { fewLeftText, isFewLeft, type ProductVariant } from '@shared/catalog';
import { formatGBP } from '@shared/money';
import { cn } from '@/lib/utils';
import { salePriceOf } from '../components/Price';

/** 'Colour / Size' from the options the variants use, for the group's heading. */
function optionNames(variants: ProductVariant[]): string {
  const names = [...new Set(variants.flatMap((variant) => variant.options_json.map((option) => option.name)))];
  return names.length > 0 ? names.join(' / ') : 'Option';
}

export function variantLabel(variant: ProductVariant): string {
  return variant.options_json.length > 0 ? variant.options_json.map((option) => option.value).join(' / ') : variant.sku;
}

/** One button per variant with its options, SKU and price; the chosen one is pressed. */
export function VariantPicker({ variants, selectedId, onSelect }: { variants: ProductVariant[]; selectedId: string | undefined; onSelect: (id: string) => void }) {
  const heading = optionNames(variants);
  const selected = variants.find((variant) => variant.id === selectedId);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-zinc-800">
        {heading}
        {selected ? <span className="font-normal text-zinc-500">: {variantLabel(selected)}</span> : null}
      </legend>
      <div className="mt-2 grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
        {variants.map((variant) => {
          const isSelected = variant.id === selectedId;
          const sale = salePriceOf(variant.price, variant.sale_price);
          return (
            <button
              key={variant.id}
              type="button"
              aria-pressed={isSelected}
              onClick={() => onSelect(variant.id)}
              className={cn(
                'flex flex-col items-start gap-0.5 rounded-lg border px-3.5 py-2.5 text-left transition-colors',
                isSelected ? 'border-zinc-900 bg-zinc-50 ring-1 ring-zinc-900' : 'border-zinc-300 hover:border-zinc-500',
              )}
            >
              <span className="text-sm font-medium text-zinc-900">{variantLabel(variant)}</span>
              <span className="flex w-full flex-wrap items-baseline justify-between gap-x-2 text-xs text-zinc-500">
                <span>SKU {variant.sku}</span>
                <span className={cn('font-medium', sale !== null ? 'text-red-700' : 'text-zinc-700')}>
                  {formatGBP(sale ?? variant.price)}
                  {sale !== null ? <s className="ml-1 font-normal text-zinc-400">{formatGBP(variant.price)}</s> : null}
                </span>
              </span>
              {!variant.in_stock ? <span className="text-xs text-zinc-500">Out of stock</span> : null}
              {variant.in_stock && isFewLeft(variant.stock_available) ? <span className="text-xs font-medium text-amber-700">{fewLeftText(variant.stock_available)}</span> : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
