import { Link } from 'react-router';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useCategories } from '@/lib/catalog';

interface MobileCategorySheetProps {
  storeName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The category tree in a side sheet (phones and tablets); loaded when the menu button is first used. */
export function MobileCategorySheet({ storeName, open, onOpenChange }: MobileCategorySheetProps) {
  const categories = useCategories();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <div className="border-b border-zinc-200 px-5 py-4">
          <SheetTitle className="text-base font-semibold">{storeName}</SheetTitle>
        </div>
        <nav aria-label="Categories" className="flex-1 overflow-y-auto px-3 py-4">
          <Link to="/products" onClick={close} className="block rounded-md px-3 py-2.5 font-medium hover:bg-zinc-100">
            All products
          </Link>
          {categories.isPending ? (
            <div className="grid gap-3 px-3 py-3">
              {[1, 2, 3, 4].map((n) => <Skeleton key={n} className="h-4 w-32" />)}
            </div>
          ) : categories.isError ? (
            <p className="px-3 py-2 text-sm text-zinc-500">Categories could not be loaded.</p>
          ) : (
            <ul className="mt-1 grid gap-1">
              {categories.data.map((category) => (
                <li key={category.id}>
                  <Link to={`/c/${category.slug}`} onClick={close} className="block rounded-md px-3 py-2.5 font-medium hover:bg-zinc-100">
                    {category.name}
                  </Link>
                  {category.children.length > 0 ? (
                    <ul aria-label={`${category.name} sub-categories`} className="mb-2 ml-3 border-l border-zinc-200 pl-2">
                      {category.children.map((child) => (
                        <li key={child.id}>
                          <Link to={`/c/${child.slug}`} onClick={close} className="block rounded-md px-3 py-2 text-sm text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900">
                            {child.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
