import { useId } from 'react';
import { Label } from './label';
import { Switch } from './switch';

/** A labelled on/off setting with a line of help beside its switch (product, discount and store settings forms). */
export function SwitchRow({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-zinc-500">{hint}</p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}
