import { rowId } from './builder-state';
import { Check, NumberField, NumberInput, RowText, Section, TextField, type TabProps } from './fields';
import { RowListEditor, rowError } from './RowListEditor';
import { money } from './format';
import { liveTotals } from './live-totals';
import { FormField } from '@/components/ui/form-field';

/** 'Shopify stack': the hosted-shop alternative the quote compares against (spec §3, §9). */
export function ShopifyTab(tab: TabProps) {
  const { content, update, errors } = tab;
  const totals = liveTotals(content);
  // An app's `selected` and selected_shopify_apps say the same thing: keep them in step.
  const setApps = (shopify_apps: typeof content.shopify_apps) => update({ shopify_apps, selected_shopify_apps: shopify_apps.filter((a) => a.selected).map((a) => a.id) });
  return (
    <div className="grid grid-cols-1 gap-4">
      <Section title="Build and plan">
        <div className="grid gap-4 sm:grid-cols-3">
          <NumberField {...tab} name="base_price_shopify" label="Shopify build price (£)" />
          <NumberField {...tab} name="shopify_theme_oneoff" label="Theme, one-off (£)" />
          <NumberField {...tab} name="shopify_plan_monthly" label="Shopify plan (£/month)" />
        </div>
      </Section>
      <Section title="Apps" description="Monthly app subscriptions; ticked ones count towards the monthly figure.">
        <RowListEditor
          label="Shopify apps"
          item="app"
          rows={content.shopify_apps}
          onChange={setApps}
          newRow={() => ({ id: rowId('app'), name: '', description: '', monthly: 0, selected: true })}
          max={30}
          errors={errors}
          path="shopify_apps"
          renderRow={(row, set, i) => (
            <>
              <div className="grid gap-3 sm:grid-cols-[1fr_9rem]">
                <RowText label="App name" value={row.name} onChange={(name) => set({ name })} error={rowError(errors, 'shopify_apps', i, 'name')} />
                <FormField label="Monthly (£)" error={rowError(errors, 'shopify_apps', i, 'monthly')}>
                  <NumberInput value={row.monthly} onChange={(monthly) => set({ monthly })} />
                </FormField>
              </div>
              <RowText label="App description" value={row.description} onChange={(description) => set({ description })} error={rowError(errors, 'shopify_apps', i, 'description')} multiline />
              <Check label="Selected in this quote" checked={row.selected} onChange={(selected) => set({ selected })} />
            </>
          )}
        />
      </Section>
      <Section title="Summary">
        <p className="text-sm text-zinc-600" aria-live="polite">
          Shopify one-off <strong className="text-zinc-900 tabular-nums">{money(totals.shopifyOneOff)}</strong>, then{' '}
          <strong className="text-zinc-900 tabular-nums">{money(totals.shopifyMonthly)}/month</strong> (deposit {money(totals.shopifyDeposit)}).
        </p>
        <TextField {...tab} name="shopify_summary_text" label="Shopify summary" multiline />
        <TextField {...tab} name="shopify_caution_note" label="Caution note" multiline />
      </Section>
    </div>
  );
}
