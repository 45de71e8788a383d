import { PAYMENT_STRUCTURES, type PaymentStructure } from '@shared/crm/quotes';
import { rowId } from './builder-state';
import { Check, NumberField, NumberInput, RowText, Section, TextField, type TabProps } from './fields';
import { RowListEditor, rowError } from './RowListEditor';
import { TextListEditor } from './TextListEditor';
import { TotalsSummary } from './TotalsSummary';
import { liveTotals } from './live-totals';
import { FormField } from '@/components/ui/form-field';
import type { CrmKit } from '@shared/crm/settings';

const STRUCTURE_LABEL: Record<PaymentStructure, { title: string; hint: string }> = {
  upfront_delivery: { title: 'Upfront and delivery', hint: '40% deposit now, the rest on delivery.' },
  payment_plan: { title: 'Payment plan', hint: '6 monthly payments, plus the surcharge.' },
};

/** 'Pricing & add-ons': the custom build's price, how it is paid, the add-ons and the care plan. */
export function PricingTab({ kit = 'agency', ...tab }: TabProps & { kit?: CrmKit }) {
  const agency = kit === 'agency';
  const { content, update, errors } = tab;
  const totals = liveTotals(content);
  const selected = new Set(content.selected_features);
  const select = (id: string, on: boolean) => update({ selected_features: on ? [...content.selected_features.filter((f) => f !== id), id] : content.selected_features.filter((f) => f !== id) });
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid min-w-0 gap-4">
        <Section title={agency ? 'Custom build' : 'Price'}>
          <NumberField {...tab} name="base_price_custom" label={agency ? 'Custom build price (£)' : 'Price (£)'} />
          <fieldset className="grid gap-2">
            <legend className="mb-1.5 text-sm font-medium text-zinc-900">Payment structure</legend>
            {PAYMENT_STRUCTURES.map((s) => (
              <label key={s} className="flex items-start gap-2 rounded-md border border-zinc-200 p-3 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50/50">
                <input type="radio" name="payment_structure" className="mt-0.5 accent-indigo-600" checked={content.payment_structure === s} onChange={() => update({ payment_structure: s })} />
                <span>
                  <span className="block font-medium text-zinc-900">{STRUCTURE_LABEL[s].title}</span>
                  <span className="block text-xs text-zinc-500">{STRUCTURE_LABEL[s].hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <NumberField {...tab} name="payment_plan_surcharge_percent" label="Payment plan surcharge (%)" />
        </Section>
        <Section title="Add-ons" description="Optional extras; ticked ones are in the quote's total.">
          <RowListEditor
            label="Additional features"
            item="add-on"
            rows={content.additional_features}
            onChange={(additional_features) => update({ additional_features })}
            onRemove={(row) => select(row.id, false)}
            newRow={() => ({ id: rowId('addon'), name: '', description: '', price: 0, includedByDefault: false })}
            max={30}
            errors={errors}
            path="additional_features"
            renderRow={(row, set, i) => (
              <>
                <div className="grid gap-3 sm:grid-cols-[1fr_9rem]">
                  <RowText label="Add-on name" value={row.name} onChange={(name) => set({ name })} error={rowError(errors, 'additional_features', i, 'name')} />
                  <FormField label="Price (£)" error={rowError(errors, 'additional_features', i, 'price')}>
                    <NumberInput value={row.price} onChange={(price) => set({ price })} />
                  </FormField>
                </div>
                <RowText label="Add-on description" value={row.description} onChange={(description) => set({ description })} error={rowError(errors, 'additional_features', i, 'description')} multiline />
                <div className="flex flex-wrap gap-x-6 gap-y-2">
                  <Check label="Selected in this quote" checked={selected.has(row.id)} onChange={(on) => select(row.id, on)} />
                  <Check label="Included by default" checked={row.includedByDefault} onChange={(includedByDefault) => set({ includedByDefault })} />
                </div>
              </>
            )}
          />
        </Section>
        {/* Hosting care plans are the web-agency kit's (decision 044): a store's quote has none. */}
        {agency ? (
        <Section title="Care plan" description="The monthly plan offered after launch.">
          <TextField {...tab} name="care_plan_overview" label="Care plan overview" multiline />
          <TextListEditor label="Care plan inclusions" item="inclusion" items={content.care_plan_inclusions} onChange={(care_plan_inclusions) => update({ care_plan_inclusions })} max={20} errors={errors} path="care_plan_inclusions" />
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField {...tab} name="care_plan_monthly" label="Care plan (£/month)" />
            <NumberField {...tab} name="care_plan_plus_monthly" label="Care plan Plus (£/month)" />
          </div>
        </Section>
        ) : null}
      </div>
      <aside className="grid gap-2 lg:sticky lg:top-4 lg:self-start" aria-label="Live totals panel">
        <h3 className="text-sm font-semibold text-zinc-900">Live totals</h3>
        <TotalsSummary totals={totals} structure={content.payment_structure} label="Live totals" kit={kit} />
      </aside>
    </div>
  );
}
