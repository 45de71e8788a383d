import { useId, useState, type FormEvent } from 'react';
import { Tag, Truck, X } from 'lucide-react';
import type { Cart } from '@shared/cart';
import { DISCOUNT_CODE_INPUT_MAX, DISCOUNT_TEXT } from '@shared/discounts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { api, errorMessage } from '@/lib/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

type CartAnswer = { cart: Cart };
/** lib/cart.ts's CART_SCOPE, spelt here: an export from the product page's bundle costs its budget. */
const CART_SCOPE = 'cart';

/**
 * A cart change as lib/cart.ts makes them (one scope, the answer replaces the cached cart, a failure
 * reads it again). Built here from the same pieces, not imported: this form's own bundle carries it,
 * and the product page's (at its size budget) is left alone.
 */
function useCodeChange<V>(call: (vars: V) => Promise<CartAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    scope: { id: CART_SCOPE },
    onSuccess: ({ cart }) => client.setQueryData(cartKeys.cart, cart),
    onError: () => client.invalidateQueries({ queryKey: cartKeys.cart, exact: true }),
  });
}

/**
 * The discount code on the cart and at checkout (issue 28 item 3): one code per order, applied and
 * removed through the cart's own calls, so every summary shows the server's figures. A refused code's
 * reason is the server's words, under the field.
 */
export function DiscountCodeForm({ cart, className }: { cart: Cart; className?: string }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = useCodeChange((code: string) => api<CartAnswer>('PUT', '/api/cart/discount', { code }));
  const remove = useCodeChange(() => api<CartAnswer>('DELETE', '/api/cart/discount'));
  const applied = cart.discount;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim() === '') {
      setError(DISCOUNT_TEXT.empty);
      return;
    }
    setError(null);
    apply.mutate(typed, {
      onSuccess: () => {
        setTyped('');
        toast.success(DISCOUNT_TEXT.applied);
      },
      onError: (err) => setError(errorMessage(err, DISCOUNT_TEXT.unknown)),
    });
  };

  if (applied) {
    return (
      <div className={cn('grid gap-1.5', className)}>
        <div className={cn('flex items-center gap-2 rounded-md border px-3 py-2 text-sm', applied.problem ? 'border-amber-300 bg-amber-50' : 'border-emerald-200 bg-emerald-50')}>
          <Tag className={cn('size-4 shrink-0', applied.problem ? 'text-amber-700' : 'text-emerald-700')} aria-hidden />
          <p className="min-w-0 flex-1">
            <span className="font-mono font-semibold tracking-wide">{applied.code}</span>
            {applied.problem ? null : <span className="text-zinc-600"> · {applied.description}</span>}
          </p>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-7 px-2"
            aria-label={`Remove discount code ${applied.code}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: () => toast.success(DISCOUNT_TEXT.removed), onError: (err) => toast.error(errorMessage(err, 'Please try again.')) })}
          >
            <X className="size-4" aria-hidden />
            Remove
          </Button>
        </div>
        {applied.problem ? <p role="status" className="text-xs font-medium text-amber-800">{applied.problem}</p> : null}
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-700">Discount code</label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={typed}
          maxLength={DISCOUNT_CODE_INPUT_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Enter code"
          className="h-10 font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setTyped(e.target.value);
            if (error) setError(null);
          }}
        />
        <Button type="submit" variant="outline" className="h-10 shrink-0" disabled={apply.isPending}>
          {apply.isPending ? 'Applying…' : 'Apply'}
        </Button>
      </div>
      {error ? <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">{error}</p> : null}
    </form>
  );
}

/** "Spend £X more for free delivery" while the goods (after any discount) are below the option's amount. */
export function FreeDeliveryHint({ cart, className }: { cart: Cart; className?: string }) {
  const short = cart.free_delivery_remaining;
  if (short === null || short <= 0 || cart.items.length === 0) return null;
  return (
    <p className={cn('flex items-center gap-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900', className)}>
      <Truck className="size-4 shrink-0" aria-hidden />
      {DISCOUNT_TEXT.freeDeliveryHint(short)}
    </p>
  );
}
