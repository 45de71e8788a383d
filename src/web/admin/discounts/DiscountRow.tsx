import { Link } from 'react-router';
import { Pencil, Trash2 } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useSetDiscountActive, type AdminDiscount } from '@/lib/admin-discounts';
import { toast } from '@/lib/toast';
import { formatGBP } from '@shared/money';
import { DISCOUNT_STATUS_LABELS, discountValueText, londonDateTime, type DiscountStatus } from '@shared/discounts';

const STATUS_VARIANTS: Record<DiscountStatus, NonNullable<BadgeProps['variant']>> = {
  active: 'success',
  scheduled: 'default',
  expired: 'secondary',
  used_up: 'warning',
  switched_off: 'outline',
};

export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{DISCOUNT_STATUS_LABELS[status]}</Badge>;
}

/** "3 / 10", or "3 / ∞" with no limit. */
export const usesText = (d: Pick<AdminDiscount, 'uses' | 'usage_limit'>) => `${d.uses} / ${d.usage_limit ?? '∞'}`;

/** Where the code applies and from what spend, under its value: "Chosen items · Min. spend £50.00". */
function termsText(d: AdminDiscount): string {
  const parts = [d.applies_to === 'items' ? 'Chosen items' : 'Whole order'];
  if (d.min_subtotal !== null && d.min_subtotal > 0) parts.push(`Min. spend ${formatGBP(d.min_subtotal)}`);
  if (d.once_per_customer) parts.push('One per customer');
  return parts.join(' · ');
}

/** When the code runs, in UK time. */
function DatesText({ d }: { d: AdminDiscount }) {
  if (!d.starts_at && !d.ends_at) return <span className="text-zinc-500">No end date</span>;
  return (
    <span className="grid text-xs leading-snug text-zinc-600">
      {d.starts_at ? <span>From {londonDateTime(d.starts_at)}</span> : null}
      {d.ends_at ? <span>Until {londonDateTime(d.ends_at)}</span> : <span>No end date</span>}
    </span>
  );
}

interface RowProps {
  d: AdminDiscount;
  /** Owners and admins: edit, switch and delete; staff read only. */
  canManage: boolean;
  onDelete: (d: AdminDiscount) => void;
}

/** Switches the code off or on at once, disabled while its own change runs. */
function ActiveSwitch({ d }: { d: AdminDiscount }) {
  const setActive = useSetDiscountActive();
  const toggle = (on: boolean) =>
    setActive.mutate(
      { id: d.id, is_active: on },
      {
        onSuccess: () => toast.success(on ? `${d.code} switched on` : `${d.code} switched off`),
        onError: (error) => toast.error(`Could not switch ${d.code} ${on ? 'on' : 'off'}`, { description: errorMessage(error, 'Please try again shortly.') }),
      },
    );
  return <Switch checked={d.is_active} disabled={setActive.isPending} onCheckedChange={toggle} aria-label={`${d.code} active`} />;
}

function Actions({ d, onDelete }: { d: AdminDiscount; onDelete: (d: AdminDiscount) => void }) {
  return (
    <div className="flex items-center justify-end">
      <Button size="icon" variant="ghost" asChild>
        <Link to={`/admin/discounts/${d.id}/edit`} aria-label={`Edit ${d.code}`}><Pencil aria-hidden /></Link>
      </Button>
      <Button size="icon" variant="ghost" className="text-zinc-500 hover:text-red-600" onClick={() => onDelete(d)} aria-label={`Delete ${d.code}`}>
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

const CodeText = ({ d, canManage }: { d: AdminDiscount; canManage: boolean }) =>
  canManage ? (
    <Link to={`/admin/discounts/${d.id}/edit`} className="font-mono text-sm font-semibold break-all text-zinc-900 hover:underline">{d.code}</Link>
  ) : (
    <span className="font-mono text-sm font-semibold break-all text-zinc-900">{d.code}</span>
  );

/** The table row (wide screens). */
export function DiscountRow({ d, canManage, onDelete }: RowProps) {
  return (
    <TableRow>
      <TableCell className="px-3">
        <CodeText d={d} canManage={canManage} />
      </TableCell>
      <TableCell className="px-3">
        <span className="block whitespace-nowrap text-zinc-900">{discountValueText(d.kind, d.value)}</span>
        <span className="block text-xs text-zinc-500">{termsText(d)}</span>
      </TableCell>
      <TableCell className="px-3"><DiscountStatusBadge status={d.status} /></TableCell>
      <TableCell className="px-3 text-right whitespace-nowrap tabular-nums">{usesText(d)}</TableCell>
      <TableCell className="px-3"><DatesText d={d} /></TableCell>
      <TableCell className="px-3 text-right tabular-nums">{d.orders}</TableCell>
      <TableCell className="px-3 text-right whitespace-nowrap tabular-nums">{formatGBP(d.sales)}</TableCell>
      <TableCell className="px-3 text-right whitespace-nowrap tabular-nums">{formatGBP(d.discount_given)}</TableCell>
      {canManage ? (
        <TableCell className="px-3">
          <div className="flex items-center justify-end gap-1">
            <ActiveSwitch d={d} />
            <Actions d={d} onDelete={onDelete} />
          </div>
        </TableCell>
      ) : null}
    </TableRow>
  );
}

/** The same code as a card (phones and narrow windows): every column of the table, stacked. */
export function DiscountCard({ d, canManage, onDelete }: RowProps) {
  return (
    <li className="grid gap-3 px-4 py-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <CodeText d={d} canManage={canManage} />
          <p className="text-sm text-zinc-900">{discountValueText(d.kind, d.value)}</p>
          <p className="text-xs text-zinc-500">{termsText(d)}</p>
        </div>
        <DiscountStatusBadge status={d.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div><dt className="text-xs text-zinc-500">Uses</dt><dd className="tabular-nums">{usesText(d)}</dd></div>
        <div><dt className="text-xs text-zinc-500">Dates</dt><dd><DatesText d={d} /></dd></div>
        <div><dt className="text-xs text-zinc-500">Orders</dt><dd className="tabular-nums">{d.orders}</dd></div>
        <div><dt className="text-xs text-zinc-500">Sales</dt><dd className="tabular-nums">{formatGBP(d.sales)}</dd></div>
        <div className="col-span-2"><dt className="text-xs text-zinc-500">Discount given</dt><dd className="tabular-nums">{formatGBP(d.discount_given)}</dd></div>
      </dl>
      {canManage ? (
        <div className="flex items-center justify-between gap-2 border-t border-zinc-100 pt-3">
          <label className="flex items-center gap-2 text-xs text-zinc-600">
            <ActiveSwitch d={d} /> Active
          </label>
          <Actions d={d} onDelete={onDelete} />
        </div>
      ) : null}
    </li>
  );
}
