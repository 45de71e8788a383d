import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { MediaPickerButton } from '../media/MediaPickerButton';
import type { SlotDef } from '@shared/page-templates';
import { RichTextEditor } from '../rich-text/RichTextEditor';

interface Props {
  slot: SlotDef;
  value: string | boolean | undefined;
  error?: string;
  onChange: (value: string | boolean) => void;
  onBlur: () => void;
}

const labelOf = (slot: SlotDef) => (slot.required ? `${slot.label} *` : slot.label);

/** One slot of the page's template, as the control its type needs. */
export function SlotField({ slot, value, error, onChange, onBlur }: Props) {
  if (slot.type === 'boolean') {
    const id = `slot-${slot.key}`;
    return (
      <div className="flex items-center justify-between gap-4 rounded-md border border-zinc-200 px-3 py-2.5">
        <Label htmlFor={id} className="cursor-pointer">{slot.label}</Label>
        <Switch id={id} checked={value === true} onCheckedChange={(checked) => onChange(checked)} />
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  const counter = slot.max && slot.type === 'text' ? `${text.length} / ${slot.max}` : undefined;
  if (slot.type === 'richtext') {
    return (
      <FormField label={labelOf(slot)} error={error} hint="Headings, lists, links and quotes are in the toolbar; the preview shows the page as shoppers will see it.">
        <RichTextEditor label={labelOf(slot)} value={text} onChange={onChange} onBlur={onBlur} profile="page" max={slot.max ?? 4000} size="lg" />
      </FormField>
    );
  }
  const input = (
    <Input
      value={text}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      type={slot.type === 'text' ? 'text' : 'url'}
      inputMode={slot.type === 'text' ? undefined : 'url'}
      placeholder={slot.type === 'image' ? 'https://… or /files/…' : slot.type === 'url' ? '/products or https://…' : undefined}
      autoComplete="off"
    />
  );
  return (
    <div className="grid gap-1">
      {slot.type === 'image' ? (
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <FormField label={labelOf(slot)} error={error} hint={slot.hint}>{input}</FormField>
          </div>
          <div className={error || slot.hint ? 'mb-6' : undefined}>
            <MediaPickerButton onPick={(f) => onChange(f.url)} kind="images" />
          </div>
        </div>
      ) : (
        <FormField label={labelOf(slot)} error={error} hint={slot.hint ?? counter}>{input}</FormField>
      )}
    </div>
  );
}
