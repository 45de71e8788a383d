import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AlertTriangle, ShoppingBag } from 'lucide-react';
import { RESTORE_NOTICES, RESTORE_OUTCOMES, RESTORE_PARAM, type RestoreOutcome } from '@shared/cart-restore';
import { Alert } from '@/components/ui/alert';

const isOutcome = (value: string | null): value is RestoreOutcome => (RESTORE_OUTCOMES as readonly (string | null)[]).includes(value);

/**
 * How a checkout recovery email's "Return to your cart" link went (decision 048): the server's
 * /cart/restore answers /cart?restore=…. Said once: the parameter leaves the address, so a reload or
 * a shared link does not say it again.
 */
export function RestoreNotice() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(RESTORE_PARAM);
  const [outcome] = useState<RestoreOutcome | null>(() => (isOutcome(raw) ? raw : null));
  useEffect(() => {
    if (raw === null) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(RESTORE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [raw, setParams]);
  if (!outcome) return null;
  const notice = RESTORE_NOTICES[outcome];
  const Icon = notice.tone === 'info' ? ShoppingBag : AlertTriangle;
  return (
    <Alert variant={notice.tone === 'info' ? 'info' : 'warning'} className="mt-6">
      <Icon aria-hidden />
      <div>
        <p className="font-medium">{notice.title}</p>
        <p className="mt-0.5">{notice.body}</p>
      </div>
    </Alert>
  );
}
