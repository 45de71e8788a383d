import { useState, type FormEvent } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { useAdjustStock, useProductStock } from '@/lib/admin-stock';
import { toast } from '@/lib/toast';
import {
  ADJUSTMENT_REASONS,
  DEFAULT_ADJUSTMENT_REASON,
  quantityFromText,
  signedChange,
  STOCK_NOTES_MAX,
  STOCK_REASON_LABELS,
  STOCK_TEXT,
  type AdjustmentReason,
  type ProductStock,
  type StockMovementCreated,
} from '@shared/stock';
import { stockMovementBody } from '@shared/stock-schemas';

export interface AdjustableProduct {
  id: string;
  name: string;
  stock_quantity: number | null;
  track_inventory: boolean;
}

interface AdjustStockDialogProps {
  product: AdjustableProduct;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdjusted?: (result: StockMovementCreated) => void;
}

/**
 * Admin spec §2 "Adjust Stock dialog": add or remove units with a reason; the server keeps the ledger.
 * Used by the stock page and by the products list's 'Adjust' button.
 */
export function AdjustStockDialog({ product, open, onOpenChange, onAdjusted }: AdjustStockDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Adjust Stock: {product.name}</DialogTitle>
          <DialogDescription>Every change is recorded in the product&apos;s stock history.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from a blank form. */}
        <AdjustStockForm product={product} onDone={(result) => { onOpenChange(false); onAdjusted?.(result); }} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

type StockVariant = ProductStock['variants'][number];
const variantLabel = (v: StockVariant) => v.options.map((o) => o.value).join(', ') || v.sku;

function AdjustStockForm({ product, onDone, onCancel }: { product: AdjustableProduct; onDone: (result: StockMovementCreated) => void; onCancel: () => void }) {
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState<AdjustmentReason>(DEFAULT_ADJUSTMENT_REASON);
  const [notes, setNotes] = useState('');
  const [variantId, setVariantId] = useState('');
  const [quantityError, setQuantityError] = useState<string | undefined>();
  const [notesError, setNotesError] = useState<string | undefined>();
  const [variantError, setVariantError] = useState<string | undefined>();
  const adjust = useAdjustStock();
  // A product with variants keeps its stock on them (decision 042): the adjustment names one.
  const stock = useProductStock(product.id);
  const variants = stock.data?.variants ?? [];
  const variant = variants.find((v) => v.id === variantId);
  const current = variant ? (variant.stock_quantity ?? 0) : (product.stock_quantity ?? 0);
  const name = variant ? `${product.name} (${variantLabel(variant)})` : product.name;
  // The body as it would be sent, checked with the route's own schema (its messages are the spec's).
  const checked = stockMovementBody.safeParse({ product_id: product.id, variant_id: variantId || null, quantity_change: quantityFromText(quantity), reason, notes });
  const issueOn = (field: string) => (checked.success ? undefined : checked.error.issues.find((issue) => issue.path[0] === field)?.message);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!product.track_inventory) {
      toast.error(STOCK_TEXT.trackingDisabled, { description: STOCK_TEXT.trackingHint });
      return;
    }
    if (variants.length > 0 && !variant) {
      setVariantError(STOCK_TEXT.chooseVariant);
      return;
    }
    if (!checked.success) {
      const message = issueOn('quantity_change');
      setQuantityError(message);
      setNotesError(issueOn('notes'));
      if (message) toast.error(STOCK_TEXT.invalidTitle, { description: message });
      return;
    }
    // A product without variants is adjusted as the spec's body has it, with no variant_id.
    const { variant_id, ...spec } = checked.data;
    const body = variant_id ? checked.data : spec;
    setQuantityError(undefined);
    setNotesError(undefined);
    adjust.mutate(body, {
      onSuccess: (result) => {
        toast.success(STOCK_TEXT.updated, { description: `${name} stock adjusted by ${signedChange(body.quantity_change)}` });
        onDone(result);
      },
      onError: (error) => {
        const message = errorMessage(error, STOCK_TEXT.failed);
        if (error instanceof ApiError && error.fields.quantity_change) setQuantityError(error.fields.quantity_change);
        if (error instanceof ApiError && error.fields.variant_id) setVariantError(error.fields.variant_id);
        toast.error(STOCK_TEXT.failed, message === STOCK_TEXT.failed ? undefined : { description: message });
      },
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {variants.length > 0 ? (
        <FormField label="Variant" error={variantError} hint="This product's stock is the sum of its variants' stock.">
          <Select value={variantId} onChange={(e) => { setVariantId(e.target.value); setVariantError(undefined); }} disabled={!product.track_inventory}>
            <option value="">Choose a variant</option>
            {variants.map((v) => <option key={v.id} value={v.id}>{variantLabel(v)} ({v.sku}): {v.stock_quantity ?? 0} in stock</option>)}
          </Select>
        </FormField>
      ) : null}
      <div className="flex items-baseline justify-between rounded-md bg-zinc-50 px-3 py-2 text-sm">
        <span className="text-zinc-600">{variants.length > 0 && !variant ? 'Current Stock (all variants)' : 'Current Stock'}</span>
        <span className="text-lg font-semibold tabular-nums" data-testid="current-stock">
          {product.track_inventory ? current : 'Not tracked'}
        </span>
      </div>

      {!product.track_inventory ? (
        <Alert variant="warning">
          <TriangleAlert aria-hidden />
          <div>
            <p className="font-medium">{STOCK_TEXT.trackingDisabled}</p>
            <p>{STOCK_TEXT.trackingHint}</p>
          </div>
        </Alert>
      ) : null}

      <FormField
        label="Quantity Change"
        error={quantityError}
        hint={
          checked.success && product.track_inventory && (variants.length === 0 || variant)
            ? `Positive numbers add stock, negative numbers reduce it. New stock: ${current + checked.data.quantity_change}`
            : 'Positive numbers add stock, negative numbers reduce it.'
        }
      >
        <Input
          type="number"
          step={1}
          inputMode="numeric"
          placeholder="e.g. 10 or -3"
          value={quantity}
          onChange={(e) => { setQuantity(e.target.value); setQuantityError(undefined); }}
          disabled={!product.track_inventory}
          autoFocus
        />
      </FormField>

      <FormField label="Reason">
        <Select value={reason} onChange={(e) => setReason(e.target.value as AdjustmentReason)} disabled={!product.track_inventory}>
          {ADJUSTMENT_REASONS.map((r) => <option key={r} value={r}>{STOCK_REASON_LABELS[r]}</option>)}
        </Select>
      </FormField>

      <FormField label="Notes (optional)" error={notesError}>
        <Textarea
          className="min-h-20"
          placeholder="e.g. delivery note number, what was damaged"
          maxLength={STOCK_NOTES_MAX}
          value={notes}
          onChange={(e) => { setNotes(e.target.value); setNotesError(undefined); }}
          disabled={!product.track_inventory}
        />
      </FormField>

      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={adjust.isPending}>{adjust.isPending ? 'Adjusting...' : 'Adjust Stock'}</Button>
      </DialogFooter>
    </form>
  );
}
