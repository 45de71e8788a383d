import { AlertCircle, Plus, Trash2 } from 'lucide-react';
import { NAV_LIMITS, NAV_MESSAGES, type MenuGroup } from '@shared/navigation';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { SortableList, SortableRow } from './Sortable';

interface GroupListProps {
  groups: MenuGroup[];
  selected: string | null;
  onSelect: (id: string) => void;
  onAdd: () => void;
  onDelete: (id: string) => void;
  onReorder: (groups: MenuGroup[]) => void;
  /** Groups with a problem somewhere in them. */
  invalid: Set<string>;
  error?: string;
}

/** The left column: the menu's groups in their order; add, delete, drag to reorder. */
export function GroupList({ groups, selected, onSelect, onAdd, onDelete, onReorder, invalid, error }: GroupListProps) {
  const full = groups.length >= NAV_LIMITS.groups;
  return (
    <section aria-labelledby="nav-groups-heading" className="flex flex-col rounded-lg border border-zinc-200 bg-white">
      <div className="flex items-center justify-between border-b border-zinc-200 px-4 py-3">
        <h2 id="nav-groups-heading" className="text-sm font-semibold">Groups</h2>
        <span className="text-xs text-zinc-500 tabular-nums">{groups.length} / {NAV_LIMITS.groups}</span>
      </div>
      {groups.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-zinc-500">No groups yet. Add one to start your menu.</p>
      ) : (
        <SortableList items={groups} onReorder={onReorder}>
          <ul aria-label="Menu groups" className="grid gap-1 p-2">
            {groups.map((group) => (
              <SortableRow
                key={group.id}
                id={group.id}
                className={cn('flex items-center gap-1 rounded-md border bg-white pr-1', selected === group.id ? 'border-indigo-300 bg-indigo-50/60' : 'border-transparent hover:bg-zinc-50')}
                render={(handle) => (
                  <>
                    {handle}
                    <button type="button" className="flex min-w-0 flex-1 items-center gap-2 py-2 text-left text-sm" aria-current={selected === group.id ? 'true' : undefined} onClick={() => onSelect(group.id)}>
                      <span className={cn('truncate', selected === group.id && 'font-medium')}>{group.label.trim() || 'Untitled group'}</span>
                      {invalid.has(group.id) ? <AlertCircle className="size-4 shrink-0 text-red-600" aria-label="Has problems" /> : null}
                      <span className="ml-auto shrink-0 text-xs text-zinc-400 tabular-nums">{group.items.length} {group.items.length === 1 ? 'item' : 'items'}</span>
                    </button>
                    <Button variant="ghost" size="icon" className="size-7 text-zinc-400 hover:text-red-600" aria-label={`Delete group ${group.label.trim() || 'Untitled group'}`} onClick={() => onDelete(group.id)}>
                      <Trash2 aria-hidden />
                    </Button>
                  </>
                )}
              />
            ))}
          </ul>
        </SortableList>
      )}
      <div className="mt-auto grid gap-2 border-t border-zinc-200 p-3">
        {error ? <p className="text-xs text-red-600" role="alert">{error}</p> : null}
        <Button variant="outline" onClick={onAdd} disabled={full}>
          <Plus aria-hidden /> Add group
        </Button>
        {full ? <p className="text-xs text-zinc-500">{NAV_MESSAGES.tooManyGroups}</p> : null}
      </div>
    </section>
  );
}
