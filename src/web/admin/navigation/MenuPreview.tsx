import { useState, type MouseEvent } from 'react';
import { ChevronDown, Menu, Monitor, ShoppingBag, Smartphone } from 'lucide-react';
import { FOOTER_MENU, type MenuGroup, type MenuKey } from '@shared/navigation';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { FooterMenuColumns, MegaMenuPanel } from '@/components/menu/MenuPanels';
import { MobileMenuList } from '@/components/menu/MobileMenuList';
import { previewGroups, type SubCategories, type TargetNames } from './editor-state';

interface MenuPreviewProps {
  menuKey: MenuKey;
  groups: MenuGroup[];
  names: TargetNames;
  subCategories: SubCategories;
  selectedId: string | null;
  storeName: string;
}

/** Links in the preview do not leave the editor. */
const stayHere = (e: MouseEvent) => {
  if ((e.target as HTMLElement).closest('a')) e.preventDefault();
};

/**
 * The Preview tab, drawn by the storefront's own menu parts: the desktop bar with the chosen group's
 * mega menu open, or the phone's flyout (375 px wide, narrower on a narrower screen); the footer's
 * columns for the footer menu. Unsaved changes show here before they are saved.
 */
export function MenuPreview({ menuKey, groups, names, subCategories, selectedId, storeName }: MenuPreviewProps) {
  const [device, setDevice] = useState<'desktop' | 'mobile'>('desktop');
  if (menuKey === FOOTER_MENU) return <FooterPreview groups={groups} names={names} />;
  return <HeaderPreview groups={groups} names={names} subCategories={subCategories} selectedId={selectedId} storeName={storeName} device={device} setDevice={setDevice} />;
}

/** The footer's menu columns, then the footer's own columns as the shop adds them. */
function FooterPreview({ groups, names }: { groups: MenuGroup[]; names: TargetNames }) {
  // Footer links show no sub-levels or pictures.
  const preview = previewGroups(groups, names).map((g) => ({ ...g, image: null }));
  return (
    <div aria-label="Footer preview" role="region" onClickCapture={stayHere} className="overflow-hidden rounded-lg border border-zinc-200 bg-zinc-50">
      <div className="grid gap-6 px-5 py-6 sm:grid-cols-3">
        <FooterMenuColumns groups={preview} />
        {['Delivery & returns', 'Your account'].map((title) => (
          <div key={title} aria-hidden className="text-zinc-400">
            <p className="text-sm font-semibold">{title}</p>
            <p className="mt-3 text-xs">Added by the shop</p>
          </div>
        ))}
      </div>
    </div>
  );
}

function HeaderPreview({ groups, names, subCategories, selectedId, storeName, device, setDevice }: Omit<MenuPreviewProps, 'menuKey'> & { device: 'desktop' | 'mobile'; setDevice: (d: 'desktop' | 'mobile') => void }) {
  const preview = previewGroups(groups, names, subCategories);
  const [openId, setOpenId] = useState<string | null>(selectedId);
  const open = preview.find((g) => g.id === openId && g.items.length > 0) ?? preview.find((g) => g.items.length > 0) ?? null;
  return (
    <div className="grid gap-4">
      <div role="group" aria-label="Preview device" className="inline-flex w-fit rounded-md border border-zinc-200 bg-zinc-50 p-0.5">
        {(['desktop', 'mobile'] as const).map((d) => (
          <Button key={d} variant={device === d ? 'outline' : 'ghost'} size="sm" aria-pressed={device === d} onClick={() => setDevice(d)} className={cn(device !== d && 'text-zinc-500')}>
            {d === 'desktop' ? <Monitor aria-hidden /> : <Smartphone aria-hidden />}
            {d === 'desktop' ? 'Desktop' : 'Mobile'}
          </Button>
        ))}
      </div>
      {device === 'desktop' ? (
        <div aria-label="Desktop preview" role="region" onClickCapture={stayHere} className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
          <div className="flex h-12 items-center gap-2 border-b border-zinc-100 px-4 text-sm font-semibold">
            <ShoppingBag className="size-4 text-accent" aria-hidden /> {storeName}
          </div>
          <ul className="flex h-11 items-center gap-1 overflow-x-auto px-3 text-sm">
            <li className="px-3 whitespace-nowrap text-zinc-600">All products</li>
            {preview.map((g) => (
              <li key={g.id}>
                <button
                  type="button"
                  onMouseEnter={() => setOpenId(g.id)}
                  onFocus={() => setOpenId(g.id)}
                  className={cn('inline-flex h-8 items-center gap-1 rounded-md px-3 whitespace-nowrap hover:bg-zinc-100', open?.id === g.id ? 'bg-zinc-100 font-medium text-zinc-900' : 'text-zinc-600')}
                >
                  {g.label}
                  {g.items.length > 0 ? <ChevronDown className="size-3.5 text-zinc-400" aria-hidden /> : null}
                </button>
              </li>
            ))}
          </ul>
          <div className="border-t border-zinc-200 bg-white shadow-inner">
            {open ? <MegaMenuPanel group={open} /> : <p className="px-6 py-10 text-center text-sm text-zinc-500">Add items to a group to see its mega menu.</p>}
          </div>
        </div>
      ) : (
        <div aria-label="Mobile preview" role="region" onClickCapture={stayHere} className="mx-auto w-full max-w-[375px] overflow-hidden rounded-[2rem] border-8 border-zinc-800 bg-white shadow-lg">
          <div className="flex h-12 items-center gap-2 border-b border-zinc-200 px-3 text-sm font-semibold">
            <Menu className="size-5" aria-hidden />
            {storeName}
          </div>
          <div className="flex h-[560px] flex-col">
            <MobileMenuList groups={preview} />
          </div>
        </div>
      )}
    </div>
  );
}
