import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ClipboardCheck, Loader2, Pencil, Plus, Trash2, TriangleAlert, Truck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { setupKeys, useConfirmDelivery, useStoreSetup } from '@/lib/admin-setup';
import { useReorderShippingMethods, useSetShippingActive, useShippingMethods, type AdminShippingMethod } from '@/lib/admin-shipping';
import { toast } from '@/lib/toast';
import { formatGBP } from '@shared/money';
import { SETUP_TEXT } from '@shared/store-setup';
import { deliveryEstimate } from '@shared/orders';
import { DeleteShippingDialog } from './DeleteShippingDialog';
import { ShippingMethodDialog } from './ShippingMethodDialog';

/**
 * Settings > Shipping (issue 13 item 5): the delivery options checkout offers, in the order it lists
 * them. Add, edit, move up or down, switch on or off, delete. Prices in pounds; the server keeps pence.
 */
export function ShippingTab() {
  const methods = useShippingMethods();
  const reorder = useReorderShippingMethods();
  const [editing, setEditing] = useState<AdminShippingMethod | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminShippingMethod | null>(null);
  const list = methods.data ?? [];

  useEffect(() => {
    if (methods.isError) toast.error(errorMessage(methods.error, 'Failed to load delivery options'), { id: 'shipping-load' });
  }, [methods.isError, methods.error]);

  const openForm = (method: AdminShippingMethod | null) => {
    setEditing(method);
    setFormOpen(true);
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((m) => m.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    reorder.mutate(ids, { onError: (error) => toast.error(errorMessage(error, 'Failed to reorder delivery options')) });
  };

  const rowProps = (index: number): Omit<RowProps, 'method'> => ({
    first: index === 0,
    last: index === list.length - 1,
    moving: reorder.isPending,
    onMove: (by) => move(index, by),
    onEdit: () => openForm(list[index]),
    onDelete: () => setDeleting(list[index]),
  });

  const addButton = <Button onClick={() => openForm(null)}><Plus aria-hidden /> Add delivery option</Button>;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">Delivery options</h2>
          <p className="mt-0.5 text-sm text-zinc-500">Shoppers choose one at checkout, in this order; the first active one is chosen for them.</p>
        </div>
        {list.length > 0 ? addButton : null}
      </div>

      {methods.isError ? (
        <Alert variant="destructive" className="items-center">
          <span className="flex-1">
            <span className="block font-medium">Failed to load delivery options</span>
            {errorMessage(methods.error, '') ? <span className="block">{errorMessage(methods.error, '')}</span> : null}
          </span>
          <Button size="sm" variant="outline" onClick={() => void methods.refetch()}>Try again</Button>
        </Alert>
      ) : methods.isPending ? (
        <div className="grid gap-2 rounded-lg border border-zinc-200 bg-white p-4" aria-busy="true" aria-label="Loading delivery options">
          {[0, 1, 2].map((i) => <Skeleton key={i} className="h-12" />)}
        </div>
      ) : list.length === 0 ? (
        <EmptyState icon={Truck} title="No delivery options yet" action={addButton}>
          Shoppers cannot check out until you add one. Add how you deliver, what it costs and how long it takes.
        </EmptyState>
      ) : (
        <>
          <ConfirmDeliveryBanner hasActive={list.some((m) => m.is_active)} />
          {list.every((m) => !m.is_active) ? (
            <Alert variant="warning">
              <TriangleAlert aria-hidden />
              <span>Every delivery option is switched off, so shoppers cannot check out. Switch one on.</span>
            </Alert>
          ) : null}
          {/* Phones get cards (a seven-column table does not fit); wider screens the table. */}
          <ul aria-label="Delivery options" className="grid gap-3 sm:hidden">
            {list.map((method, index) => (
              <MethodCard key={method.id} method={method} {...rowProps(index)} />
            ))}
          </ul>
          <div className="hidden rounded-lg border border-zinc-200 bg-white shadow-xs sm:block">
            <Table aria-label="Delivery options">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="w-20"><span className="sr-only">Order</span></TableHead>
                  <TableHead>Name</TableHead>
                  <TableHead className="text-right">Price</TableHead>
                  <TableHead className="hidden text-right md:table-cell">Free over</TableHead>
                  <TableHead className="hidden md:table-cell">Delivery</TableHead>
                  <TableHead>Active</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((method, index) => (
                  <MethodRow key={method.id} method={method} {...rowProps(index)} />
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}

      <ShippingMethodDialog open={formOpen} onOpenChange={setFormOpen} method={editing} />
      <DeleteShippingDialog method={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

/**
 * Store set-up (issue 25): a new store's delivery step is done once the merchant has looked at the
 * options and said so. Shown while that step is open and some option is on; gone once confirmed.
 */
function ConfirmDeliveryBanner({ hasActive }: { hasActive: boolean }) {
  const setup = useStoreSetup();
  const confirm = useConfirmDelivery();
  const queryClient = useQueryClient();
  // The step counts only while some option is on: switching the last one off or on changes it.
  const hadActive = useRef(hasActive);
  useEffect(() => {
    if (hadActive.current === hasActive) return;
    hadActive.current = hasActive;
    void queryClient.invalidateQueries({ queryKey: setupKeys.state });
  }, [hasActive, queryClient]);
  const deliveryDone = setup.data?.steps.find((step) => step.key === 'delivery')?.done ?? true;
  if (!setup.data || deliveryDone || !hasActive) return null;
  const onConfirm = () =>
    confirm.mutate(undefined, {
      onSuccess: () => toast.success(SETUP_TEXT.deliveryConfirmed, { id: 'confirm-delivery' }),
      onError: (error) => toast.error(errorMessage(error, 'Could not confirm your delivery options. Please try again.'), { id: 'confirm-delivery' }),
    });
  return (
    <Alert variant="info" className="flex-col gap-3 sm:flex-row sm:items-center">
      <span className="flex flex-1 items-start gap-3">
        <ClipboardCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>Check your delivery options, then confirm them so your store can open.</span>
      </span>
      <Button size="sm" className="w-full shrink-0 sm:w-auto" disabled={confirm.isPending} onClick={onConfirm}>
        {confirm.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        Confirm delivery options
      </Button>
    </Alert>
  );
}

const price = (pounds: number) => (pounds === 0 ? 'Free' : formatGBP(pounds));

interface RowProps {
  method: AdminShippingMethod;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** The switch's state while its change is on the way, so it moves at once. */
function useActiveSwitch(method: AdminShippingMethod) {
  const active = useSetShippingActive();
  const toggle = (is_active: boolean) =>
    active.mutate(
      { id: method.id, is_active },
      {
        onSuccess: () => toast.success(is_active ? `${method.name} is offered at checkout` : `${method.name} is switched off`),
        onError: (error) => toast.error(errorMessage(error, 'Failed to update delivery option')),
      },
    );
  const shown = active.isPending && active.variables ? active.variables.is_active : method.is_active;
  return { shown, toggle, pending: active.isPending };
}

function MoveButtons({ method, first, last, moving, onMove }: Pick<RowProps, 'method' | 'first' | 'last' | 'moving' | 'onMove'>) {
  return (
    <div className="flex gap-0.5">
      <Button size="icon" variant="ghost" className="size-8" aria-label={`Move ${method.name} up`} disabled={first || moving} onClick={() => onMove(-1)}><ArrowUp aria-hidden /></Button>
      <Button size="icon" variant="ghost" className="size-8" aria-label={`Move ${method.name} down`} disabled={last || moving} onClick={() => onMove(1)}><ArrowDown aria-hidden /></Button>
    </div>
  );
}

function EditDelete({ method, onEdit, onDelete }: Pick<RowProps, 'method' | 'onEdit' | 'onDelete'>) {
  return (
    <div className="flex justify-end gap-1">
      <Button size="icon" variant="ghost" aria-label={`Edit ${method.name}`} onClick={onEdit}><Pencil aria-hidden /></Button>
      <Button size="icon" variant="ghost" className="text-red-600 hover:bg-red-50 hover:text-red-700" aria-label={`Delete ${method.name}`} onClick={onDelete}>
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

function NameCell({ method, active }: { method: AdminShippingMethod; active: boolean }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-2 font-medium">
        <span className="break-words">{method.name}</span>
        {active ? null : <Badge variant="secondary">Off</Badge>}
      </span>
      {method.description ? <span className="mt-0.5 block text-xs text-zinc-500">{method.description}</span> : null}
    </>
  );
}

function MethodRow({ method, ...props }: RowProps) {
  const active = useActiveSwitch(method);
  return (
    <TableRow className={active.shown ? undefined : 'bg-zinc-50/60'}>
      <TableCell><MoveButtons method={method} {...props} /></TableCell>
      <TableCell className="max-w-xs">
        <NameCell method={method} active={active.shown} />
        {/* Below md the free-over and delivery columns fold under the name. */}
        <span className="mt-1 block text-xs text-zinc-600 md:hidden">
          {deliveryEstimate(method)}
          {method.free_over !== null ? ` · free over ${formatGBP(method.free_over)}` : ''}
        </span>
      </TableCell>
      <TableCell className="text-right tabular-nums">{price(method.flat_rate)}</TableCell>
      <TableCell className="hidden text-right tabular-nums md:table-cell">{method.free_over === null ? <span className="text-zinc-400" aria-label="Never free">—</span> : formatGBP(method.free_over)}</TableCell>
      <TableCell className="hidden text-zinc-600 md:table-cell">{deliveryEstimate(method)}</TableCell>
      <TableCell>
        <Switch checked={active.shown} disabled={active.pending} onCheckedChange={active.toggle} aria-label={`Offer ${method.name} at checkout`} />
      </TableCell>
      <TableCell className="text-right"><EditDelete method={method} {...props} /></TableCell>
    </TableRow>
  );
}

function MethodCard({ method, ...props }: RowProps) {
  const active = useActiveSwitch(method);
  return (
    <li className={`rounded-lg border border-zinc-200 p-4 shadow-xs ${active.shown ? 'bg-white' : 'bg-zinc-50'}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <NameCell method={method} active={active.shown} />
        </div>
        <span className="font-medium tabular-nums">{price(method.flat_rate)}</span>
      </div>
      <p className="mt-2 text-xs text-zinc-600">
        {deliveryEstimate(method)}
        {method.free_over !== null ? ` · free over ${formatGBP(method.free_over)}` : ''}
      </p>
      <div className="mt-3 flex items-center justify-between gap-2 border-t border-zinc-100 pt-3">
        <MoveButtons method={method} {...props} />
        <label className="flex items-center gap-2 text-sm text-zinc-700">
          <Switch checked={active.shown} disabled={active.pending} onCheckedChange={active.toggle} aria-label={`Offer ${method.name} at checkout`} />
          Active
        </label>
        <EditDelete method={method} {...props} />
      </div>
    </li>
  );
}
