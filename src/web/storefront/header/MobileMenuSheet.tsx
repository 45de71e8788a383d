import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useStoreMenu } from '@/lib/store-menu';
import { MobileMenuList } from '@/components/menu/MobileMenuList';

interface MobileMenuSheetProps {
  storeName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The store's menu in a side sheet (phones and tablets); loaded when the menu button is first used. */
export function MobileMenuSheet({ storeName, open, onOpenChange }: MobileMenuSheetProps) {
  const menu = useStoreMenu();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <div className="border-b border-zinc-200 px-5 py-4">
          <SheetTitle className="text-base font-semibold">{storeName}</SheetTitle>
        </div>
        {menu.isPending ? (
          <div className="grid gap-3 px-6 py-6">
            {[1, 2, 3, 4].map((n) => <Skeleton key={n} className="h-4 w-32" />)}
          </div>
        ) : (
          <MobileMenuList groups={menu.isError ? [] : menu.data.groups} failed={menu.isError} onNavigate={() => onOpenChange(false)} />
        )}
      </SheetContent>
    </Sheet>
  );
}
