import { useMemo, useState, type ReactNode } from 'react';
import { LayoutList, RotateCcw, Save } from 'lucide-react';
import { FOOTER_MENU, NAV_LIMITS, NAV_MESSAGES, firstMessage, validateMenu, type AdminNavigationResponse, type MenuGroup, type MenuKey } from '@shared/navigation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError, errorMessage } from '@/lib/api';
import { useAdminCategories } from '@/lib/admin-categories';
import { useSaveNavigation } from '@/lib/admin-navigation';
import { useCurrentTenant } from '@/lib/tenant';
import { toast } from '@/lib/toast';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { GroupList } from './GroupList';
import { GroupSettings } from './GroupSettings';
import { MenuItemsEditor } from './MenuItemsEditor';
import { MenuPreview } from './MenuPreview';
import { errorsUnder, forSaving, newGroup, type FieldErrors, type SubCategories, type TargetNames } from './editor-state';

type Tab = 'settings' | 'items' | 'preview';

/** Which tab shows a group's error path ("label", "image…" and "target…" on Settings, "items…" on Menu Items). */
const tabOf = (path: string): Tab => (path.startsWith('items') ? 'items' : 'settings');

const NO_MENU_YET: Record<MenuKey, string> = {
  primary: 'No menu saved yet: the shop shows your categories. Build a menu here and save it to choose exactly what shoppers see.',
  footer: 'No footer menu saved yet: the footer lists All products and your first six categories. Build columns of links here and save them to choose what it shows.',
};

interface NavigationEditorProps {
  menuKey: MenuKey;
  initial: AdminNavigationResponse;
  onDiscard: () => void;
  /** The page around the editor, with the editor's save actions in its header. */
  frame: (actions: ReactNode, children: ReactNode) => ReactNode;
}

/** One menu's editor: the whole menu is saved at once; the server's field errors land on the same fields. */
export function NavigationEditor({ menuKey, initial, onDiscard, frame }: NavigationEditorProps) {
  const save = useSaveNavigation(menuKey);
  const subCategories = useSubCategories();
  const tenant = useCurrentTenant();
  const [groups, setGroups] = useState<MenuGroup[]>(initial.groups);
  const [saved, setSaved] = useState(() => JSON.stringify(forSaving(initial.groups)));
  const [hasMenu, setHasMenu] = useState(initial.menu !== null);
  const [names, setNames] = useState<TargetNames>(initial.targets);
  const [selectedId, setSelectedId] = useState<string | null>(initial.groups[0]?.id ?? null);
  const [tab, setTab] = useState<Tab>('settings');
  // Client checks show once a save has been tried, then follow every change; server errors until the next edit.
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const current = useMemo(() => forSaving(groups), [groups]);
  const errors = useMemo<FieldErrors>(() => ({ ...serverErrors, ...(checked ? validateMenu(current) : {}) }), [serverErrors, checked, current]);
  const dirty = JSON.stringify(current) !== saved;
  useUnsavedChanges(dirty, menuKey === FOOTER_MENU ? 'the footer menu' : 'the menu');
  const invalidGroups = useMemo(() => new Set(groups.filter((_, i) => Object.keys(errorsUnder(errors, `groups.${i}`)).length > 0).map((g) => g.id)), [groups, errors]);

  const edit = (next: MenuGroup[]) => {
    setGroups(next);
    setServerErrors({});
  };
  const selectedIndex = groups.findIndex((g) => g.id === selectedId);
  const selected = selectedIndex >= 0 ? groups[selectedIndex] : null;
  const groupErrors = selectedIndex >= 0 ? errorsUnder(errors, `groups.${selectedIndex}`) : {};
  const rememberName = (picked: { id: string; name: string; slug: string }) => setNames((n) => ({ ...n, [picked.id]: { name: picked.name, slug: picked.slug } }));

  /** Shows the first problem: its group, on the tab that holds its field. */
  const reveal = (found: FieldErrors) => {
    const path = Object.keys(found).find((p) => /^groups\.\d+/.test(p));
    if (!path) return;
    const [, index, ...rest] = path.split('.');
    const group = groups[Number(index)];
    if (group) {
      setSelectedId(group.id);
      setTab(tabOf(rest.join('.')));
    }
  };

  const onSave = () => {
    setChecked(true);
    const found = validateMenu(current);
    if (Object.keys(found).length > 0) {
      reveal(found);
      toast.error(NAV_MESSAGES.saveFailed, { id: 'navigation-save', description: firstMessage(found) ?? undefined });
      return;
    }
    save.mutate(current, {
      onSuccess: (data) => {
        setGroups(data.groups);
        setSaved(JSON.stringify(forSaving(data.groups)));
        setHasMenu(true);
        setNames((n) => ({ ...n, ...data.targets }));
        setServerErrors({});
        setChecked(false);
        // The same toast as a failed attempt's, so that one goes; its description must go with it.
        toast.success(NAV_MESSAGES.saved, { id: 'navigation-save', description: undefined });
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : {};
        setServerErrors(fields);
        reveal(fields);
        toast.error(NAV_MESSAGES.saveFailed, { id: 'navigation-save', description: errorMessage(error, 'Please try again shortly.') });
      },
    });
  };

  const addGroup = () => {
    if (groups.length >= NAV_LIMITS.groups) return;
    const group = newGroup(groups.length);
    edit([...groups, group]);
    setSelectedId(group.id);
    setTab('settings');
  };
  const deleteGroup = (id: string) => {
    const index = groups.findIndex((g) => g.id === id);
    const next = groups.filter((g) => g.id !== id);
    edit(next);
    if (selectedId === id) setSelectedId(next[Math.min(index, next.length - 1)]?.id ?? null);
  };
  const updateSelected = (group: MenuGroup) => edit(groups.map((g) => (g.id === group.id ? group : g)));

  const actions = (
    <div className="flex items-center gap-2">
      {dirty ? <span className="text-xs whitespace-nowrap text-amber-700">Unsaved changes</span> : hasMenu ? <span className="text-xs whitespace-nowrap text-zinc-500">All changes saved</span> : null}
      {dirty ? (
        <Button variant="ghost" onClick={onDiscard}>
          <RotateCcw aria-hidden /> Discard
        </Button>
      ) : null}
      <Button onClick={onSave} disabled={save.isPending}>
        <Save aria-hidden /> {save.isPending ? 'Saving…' : 'Save menu'}
      </Button>
    </div>
  );

  return frame(
    actions,
    <>
      {!hasMenu && !dirty ? <Alert>{NO_MENU_YET[menuKey]}</Alert> : null}
      <div className="grid items-start gap-6 lg:grid-cols-[18rem_1fr]">
        <GroupList groups={groups} selected={selectedId} onSelect={setSelectedId} onAdd={addGroup} onDelete={deleteGroup} onReorder={edit} invalid={invalidGroups} error={errors.groups} />
        <section aria-label="Group editor" className="min-w-0 rounded-lg border border-zinc-200 bg-white p-4 sm:p-6">
          {selected ? (
            <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} className="flex flex-col gap-6">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="min-w-0 truncate text-lg font-semibold">{selected.label.trim() || 'Untitled group'}</h2>
                <TabsList>
                  <TabsTrigger value="settings" className="whitespace-nowrap">Settings</TabsTrigger>
                  <TabsTrigger value="items" className="whitespace-nowrap">Menu Items</TabsTrigger>
                  <TabsTrigger value="preview" className="whitespace-nowrap">Preview</TabsTrigger>
                </TabsList>
              </div>
              <TabsContent value="settings">
                <GroupSettings menuKey={menuKey} group={selected} onChange={updateSelected} names={names} onPicked={rememberName} errors={groupErrors} />
              </TabsContent>
              <TabsContent value="items">
                <MenuItemsEditor menuKey={menuKey} group={selected} onChange={updateSelected} names={names} onPicked={rememberName} errors={groupErrors} />
              </TabsContent>
              <TabsContent value="preview">
                <MenuPreview menuKey={menuKey} groups={groups} names={names} subCategories={subCategories} selectedId={selected.id} storeName={tenant.data?.tenant?.name ?? 'Your store'} />
              </TabsContent>
            </Tabs>
          ) : (
            <EmptyState icon={LayoutList} title={menuKey === FOOTER_MENU ? 'Start your footer' : 'Start your menu'} action={<Button onClick={addGroup}>Add group</Button>}>
              {menuKey === FOOTER_MENU
                ? `Groups are the footer’s columns, such as “Help” or “About us”. Each holds up to ${NAV_LIMITS.items} links.`
                : `Groups are the headings of the menu bar, such as “Kitchen” or “Sale”. Each holds up to ${NAV_LIMITS.items} links.`}
            </EmptyState>
          )}
        </section>
      </div>
    </>,
  );
}

/** Each category's sub-categories, from the category list the pickers load anyway. */
function useSubCategories(): SubCategories {
  const categories = useAdminCategories();
  return useMemo(() => {
    const list = categories.data ?? [];
    return (id: string) => list.filter((c) => c.parent_id === id);
  }, [categories.data]);
}
