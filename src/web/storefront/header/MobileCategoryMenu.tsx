import { Suspense, useState } from 'react';
import { Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCategories } from '@/lib/catalog';
import { preloadable } from '@/lib/preloadable';

// The sheet's dialog code (focus trap, scroll lock: ~10 KB gzipped) loads when a shopper reaches for
// the menu button (pointer over or down, or keyboard focus), not with every page.
const MobileCategorySheet = preloadable(() => import('./MobileCategorySheet').then((m) => m.MobileCategorySheet));

/** Phones and tablets: a menu button opening the category tree in a side sheet. */
export function MobileCategoryMenu({ storeName }: { storeName: string }) {
  const [open, setOpen] = useState(false);
  // Once opened the sheet stays mounted, so it can animate closed and open again at once.
  const [used, setUsed] = useState(false);
  useCategories(); // the sheet's list, fetched with the page as before
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="-ml-2 lg:hidden"
        aria-label="Open menu"
        onPointerEnter={MobileCategorySheet.preload}
        onPointerDown={MobileCategorySheet.preload}
        onFocus={MobileCategorySheet.preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu className="size-5" aria-hidden />
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <MobileCategorySheet storeName={storeName} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
