import { rowId } from './builder-state';
import { RowText, Section, TextField, type TabProps } from './fields';
import { RowListEditor, rowError } from './RowListEditor';
import { TextListEditor } from './TextListEditor';
import type { CrmKit } from '@shared/crm/settings';

/** 'Narrative content': the proposal's words (spec §3): header, bullets, features, comparison, proof, buttons. */
export function NarrativeTab({ kit = 'agency', ...tab }: TabProps & { kit?: CrmKit }) {
  const agency = kit === 'agency';
  const { content, update, errors } = tab;
  return (
    <div className="grid grid-cols-1 gap-4">
      <Section title="Header">
        <TextField {...tab} name="header_title" label="Title" />
        <TextField {...tab} name="header_subtitle" label="Subtitle" multiline />
        <TextListEditor label="Hero bullets" item="bullet" items={content.hero_bullets} onChange={(hero_bullets) => update({ hero_bullets })} max={12} errors={errors} path="hero_bullets" />
      </Section>
      <Section title={agency ? 'Included features' : 'What is included'} description={agency ? 'What every custom build comes with.' : 'What the price covers.'}>
        <RowListEditor
          label="Features"
          item="feature"
          rows={content.included_features}
          onChange={(included_features) => update({ included_features })}
          newRow={() => ({ id: rowId('feat'), name: '', description: '' })}
          max={40}
          errors={errors}
          path="included_features"
          renderRow={(row, set, i) => (
            <>
              <RowText label="Feature name" value={row.name} onChange={(name) => set({ name })} error={rowError(errors, 'included_features', i, 'name')} />
              <RowText label="Feature description" value={row.description} onChange={(description) => set({ description })} error={rowError(errors, 'included_features', i, 'description')} multiline />
            </>
          )}
        />
      </Section>
      {/* The custom build against a hosted shop is the web-agency kit's (decision 044). */}
      {agency ? (
      <Section title="Comparison" description="Custom build against a hosted shop, row by row.">
        <TextField {...tab} name="comparison_title" label="Comparison title" />
        <RowListEditor
          label="Comparison rows"
          item="comparison row"
          rows={content.comparison_items}
          onChange={(comparison_items) => update({ comparison_items })}
          newRow={() => ({ id: rowId('cmp'), feature: '', shopify: '', custom: '' })}
          max={30}
          errors={errors}
          path="comparison_items"
          renderRow={(row, set, i) => (
            <div className="grid gap-3 sm:grid-cols-3">
              <RowText label="Feature" value={row.feature} onChange={(feature) => set({ feature })} error={rowError(errors, 'comparison_items', i, 'feature')} />
              <RowText label="Shopify" value={row.shopify} onChange={(shopify) => set({ shopify })} error={rowError(errors, 'comparison_items', i, 'shopify')} />
              <RowText label="Custom" value={row.custom} onChange={(custom) => set({ custom })} error={rowError(errors, 'comparison_items', i, 'custom')} />
            </div>
          )}
        />
        <TextField {...tab} name="custom_summary_text" label="Custom build summary" multiline />
      </Section>
      ) : (
        <Section title="Summary">
          <TextField {...tab} name="custom_summary_text" label="Summary" hint="A line beside the price on the quote." multiline />
        </Section>
      )}
      <Section title="Testimonial">
        <TextField {...tab} name="testimonial_quote" label="Quote" multiline />
        <TextField {...tab} name="testimonial_author" label="Author" />
        <TextListEditor label="Logo URLs" item="logo" items={content.testimonial_logos} onChange={(testimonial_logos) => update({ testimonial_logos })} max={8} errors={errors} path="testimonial_logos" placeholder="https://…" />
      </Section>
      <Section title="Buttons">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...tab} name="cta_primary_label" label="Primary button label" hint="Pays the deposit." />
          <TextField {...tab} name="cta_secondary_label" label="Secondary button label" />
        </div>
        <TextField {...tab} name="cta_secondary_url" label="Secondary button link" hint="A same-site path or an https:// link, e.g. a booking page." />
      </Section>
    </div>
  );
}
