import { Suspense, useState } from 'react';
import { Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useStoreMenu } from '@/lib/store-menu';
import { preloadable } from '@/lib/preloadable';

// The sheet's dialog code (focus trap, scroll lock: ~10 KB gzipped) loads when a shopper reaches for
// the menu button (pointer over or down, or keyboard focus), not with every page.
const MobileMenuSheet = preloadable(() => import('./MobileMenuSheet').then((m) => m.MobileMenuSheet));

/** Phones and tablets: a menu button opening the store's menu in a flyout side sheet. */
export function MobileMenu({ storeName }: { storeName: string }) {
  const [open, setOpen] = useState(false);
  // Once opened the sheet stays mounted, so it can animate closed and open again at once.
  const [used, setUsed] = useState(false);
  useStoreMenu(); // the sheet's links, fetched with the page (the desktop bar shares the answer)
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="-ml-2 lg:hidden"
        aria-label="Open menu"
        onPointerEnter={MobileMenuSheet.preload}
        onPointerDown={MobileMenuSheet.preload}
        onFocus={MobileMenuSheet.preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu className="size-5" aria-hidden />
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuSheet storeName={storeName} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
