import { ArrowDown, ArrowUp, ListPlus, Plus, Trash2 } from 'lucide-react';
import { NAV_LIMITS, NAV_MESSAGES, PRIMARY_MENU, type MenuGroup, type MenuItem, type MenuKey } from '@shared/navigation';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { DestinationPicker } from './DestinationPicker';
import { SortableList, SortableRow, moveBy } from './Sortable';
import { errorsUnder, labelFor, newItem, type FieldErrors, type TargetNames } from './editor-state';

interface MenuItemsEditorProps {
  menuKey: MenuKey;
  group: MenuGroup;
  onChange: (group: MenuGroup) => void;
  names: TargetNames;
  onPicked: (picked: { id: string; name: string; slug: string }) => void;
  errors: FieldErrors;
}

/** The Menu Items tab: the group's links in order, each with a label, an optional badge and a destination. */
export function MenuItemsEditor({ menuKey, group, onChange, names, onPicked, errors }: MenuItemsEditorProps) {
  const full = group.items.length >= NAV_LIMITS.items;
  const setItems = (items: MenuItem[]) => onChange({ ...group, items });
  const update = (index: number, item: MenuItem) => setItems(group.items.map((it, i) => (i === index ? item : it)));
  const add = () => setItems([...group.items, newItem()]);
  const addButton = (
    <Button variant="outline" onClick={add} disabled={full}>
      <Plus aria-hidden /> Add item
    </Button>
  );
  return (
    <div className="grid gap-4">
      {errors.items ? <p className="text-sm text-red-600" role="alert">{errors.items}</p> : null}
      {group.items.length === 0 ? (
        <EmptyState icon={ListPlus} title="No items in this group" action={addButton}>
          Add links to categories, products, pages or any URL.
        </EmptyState>
      ) : (
        <>
          <SortableList items={group.items} onReorder={setItems}>
            <ol aria-label={`Items of ${group.label.trim() || 'this group'}`} className="grid gap-3">
              {group.items.map((item, index) => {
                const itemErrors = errorsUnder(errors, `items.${index}`);
                const name = item.label.trim() || `Item ${index + 1}`;
                return (
                  <SortableRow
                    key={item.id}
                    id={item.id}
                    className="rounded-lg border border-zinc-200 bg-white"
                    render={(handle) => (
                      <div className="flex gap-2 p-3">
                        <div className="flex flex-col items-center gap-1 pt-6">
                          {handle}
                          <Button variant="ghost" size="icon" className="size-7" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => setItems(moveBy(group.items, index, -1))}><ArrowUp aria-hidden /></Button>
                          <Button variant="ghost" size="icon" className="size-7" aria-label={`Move ${name} down`} disabled={index === group.items.length - 1} onClick={() => setItems(moveBy(group.items, index, 1))}><ArrowDown aria-hidden /></Button>
                        </div>
                        <div className="grid min-w-0 flex-1 gap-3">
                          <div className="grid gap-3 sm:grid-cols-[1fr_9rem]">
                            <FormField label={`Item ${index + 1} label`} error={itemErrors.label}>
                              <Input value={item.label} onChange={(e) => update(index, { ...item, label: e.target.value })} placeholder="Shown in the menu" />
                            </FormField>
                            <FormField label={`Item ${index + 1} badge`} error={itemErrors.badge} hint="Optional, e.g. New">
                              <Input value={item.badge ?? ''} onChange={(e) => update(index, { ...item, badge: e.target.value })} />
                            </FormField>
                          </div>
                          <DestinationPicker
                            label={`Item ${index + 1}`}
                            value={item}
                            names={names}
                            subLevels={menuKey === PRIMARY_MENU}
                            errors={itemErrors}
                            onChange={(d, picked) => {
                              if (picked) onPicked(picked);
                              // A new item takes the chosen record's name as its label, cut at a word to fit.
                              const label = !item.label.trim() && picked ? labelFor(picked.name) : item.label;
                              update(index, { ...item, ...d, label });
                            }}
                          />
                        </div>
                        <Button variant="ghost" size="icon" className="mt-6 text-zinc-400 hover:text-red-600" aria-label={`Remove ${name}`} onClick={() => setItems(group.items.filter((_, i) => i !== index))}>
                          <Trash2 aria-hidden />
                        </Button>
                      </div>
                    )}
                  />
                );
              })}
            </ol>
          </SortableList>
          <div className="flex items-center gap-3">
            {addButton}
            <span className="text-xs text-zinc-500 tabular-nums">{full ? NAV_MESSAGES.itemLimitReached : `${group.items.length} of ${NAV_LIMITS.items}`}</span>
          </div>
        </>
      )}
    </div>
  );
}
