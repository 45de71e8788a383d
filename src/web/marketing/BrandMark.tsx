import { ShoppingBag } from 'lucide-react';

export function BrandMark() {
  return (
    <span className="flex size-8 items-center justify-center rounded-lg bg-accent text-white" aria-hidden>
      <ShoppingBag className="size-4" />
    </span>
  );
}
