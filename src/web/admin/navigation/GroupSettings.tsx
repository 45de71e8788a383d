import { NAV_LIMITS, PRIMARY_MENU, type MenuDestination, type MenuGroup, type MenuKey } from '@shared/navigation';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { DestinationPicker } from './DestinationPicker';
import { GroupImageField } from './GroupImageField';
import { emptyDestination, type FieldErrors, type TargetNames } from './editor-state';

interface GroupSettingsProps {
  menuKey: MenuKey;
  group: MenuGroup;
  onChange: (group: MenuGroup) => void;
  names: TargetNames;
  onPicked: (picked: { id: string; name: string; slug: string }) => void;
  /** Errors under this group (label, target.url, viewAllLabel…). */
  errors: FieldErrors;
}

/**
 * The Settings tab: the group's label, whether its header is a link and where to, its view-all link,
 * and (main menu only) its column picture.
 */
export function GroupSettings({ menuKey, group, onChange, names, onPicked, errors }: GroupSettingsProps) {
  const targetErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith('target.')).map(([k, v]) => [k.slice('target.'.length), v]));
  return (
    <div className="grid max-w-2xl gap-6">
      <FormField label="Group label" error={errors.label} hint={`Shown in the menu bar; up to ${NAV_LIMITS.label} characters.`}>
        <Input value={group.label} onChange={(e) => onChange({ ...group, label: e.target.value })} />
      </FormField>

      <div className="grid gap-4 rounded-lg border border-zinc-200 p-4">
        <div className="flex items-start justify-between gap-4">
          <div>
            <Label htmlFor={`linkable-${group.id}`}>Linkable header</Label>
            <p className="mt-1 text-xs text-zinc-500">The group’s name in the menu opens a page of its own.</p>
          </div>
          <Switch
            id={`linkable-${group.id}`}
            checked={group.linkable}
            onCheckedChange={(linkable) => onChange({ ...group, linkable, target: linkable ? (group.target ?? emptyDestination()) : group.target })}
          />
        </div>
        {group.linkable ? (
          <>
            <DestinationPicker
              label="Header"
              value={group.target ?? emptyDestination()}
              names={names}
              subLevels={menuKey === PRIMARY_MENU && group.items.length === 0}
              errors={{ ...targetErrors, ...(errors.target ? { type: errors.target } : {}) }}
              onChange={(target: MenuDestination, picked) => {
                if (picked) onPicked(picked);
                onChange({ ...group, target });
              }}
            />
            <FormField label="View all label" error={errors.viewAllLabel} hint="Optional: a link under the items to the header’s destination, such as “Shop all lighting”.">
              <Input value={group.viewAllLabel ?? ''} onChange={(e) => onChange({ ...group, viewAllLabel: e.target.value })} />
            </FormField>
          </>
        ) : null}
      </div>
      {menuKey === PRIMARY_MENU ? <GroupImageField image={group.image} onChange={(image) => onChange({ ...group, image })} errors={errors} /> : null}
    </div>
  );
}
