import { Link } from 'react-router';
import { ShoppingCart } from 'lucide-react';
import { useCart } from '@/lib/cart';
import { useHydrated } from '@/lib/use-hydrated';

/** The header's cart link with the number of items in it; the badge stays hidden while the cart is empty. */
export function CartLink() {
  const cart = useCart();
  const count = (useHydrated() && cart.data?.item_count) || 0;
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart';
  return (
    <Link to="/cart" aria-label={label} className="relative inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm text-zinc-700 hover:bg-zinc-100">
      <span className="relative">
        <ShoppingCart className="size-4" aria-hidden />
        {count > 0 ? (
          <span
            aria-hidden
            data-testid="cart-count"
            className="absolute -top-2.5 -right-2.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-accent px-1 text-[10px] leading-none font-semibold text-white tabular-nums"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </span>
      <span className="hidden sm:inline">Cart</span>
    </Link>
  );
}
