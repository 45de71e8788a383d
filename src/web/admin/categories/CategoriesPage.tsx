import { useEffect, useMemo, useState } from 'react';
import { CornerDownRight, FolderTree, Pencil, Plus, Sparkles, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useAdminCategories, type AdminCategory } from '@/lib/admin-categories';
import { CategoryFormDialog } from './CategoryFormDialog';
import { CategoryWizard } from './CategoryWizard';
import { DeleteCategoryDialog } from './DeleteCategoryDialog';

/** Parents in display order, each followed by its sub-categories, so the table reads as the tree. */
function treeOrder(categories: AdminCategory[]): { category: AdminCategory; nested: boolean }[] {
  const ids = new Set(categories.map((c) => c.id));
  const rows: { category: AdminCategory; nested: boolean }[] = [];
  for (const top of categories.filter((c) => c.parent_id === null || !ids.has(c.parent_id))) {
    rows.push({ category: top, nested: false });
    for (const child of categories.filter((c) => c.parent_id === top.id)) rows.push({ category: child, nested: true });
  }
  return rows;
}

/** Admin spec §2 "Categories page": the table, the manual dialog and the AI Category Wizard. */
export function CategoriesPage() {
  const categories = useAdminCategories();
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [wizardOpen, setWizardOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const rows = useMemo(() => treeOrder(categories.data ?? []), [categories.data]);

  useEffect(() => {
    if (categories.isError) toast.error('Failed to load categories', { id: 'categories-load' });
  }, [categories.isError]);

  const openForm = (category: AdminCategory | null) => {
    setEditing(category);
    setFormOpen(true);
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Categories</h1>
          <p className="mt-1 text-sm text-zinc-500">Group your products so shoppers can find them.</p>
        </div>
        <div className="grid gap-2 sm:flex">
          <Button variant="outline" onClick={() => setWizardOpen(true)}><Sparkles aria-hidden /> AI Category Wizard</Button>
          <Button onClick={() => openForm(null)}><Plus aria-hidden /> Manual Create</Button>
        </div>
      </div>

      {categories.isError ? (
        <Alert variant="destructive" className="items-center">
          <span className="flex-1">
            <span className="block font-medium">Failed to load categories</span>
            {errorMessage(categories.error, '') ? <span className="block">{errorMessage(categories.error, '')}</span> : null}
          </span>
          <Button size="sm" variant="outline" onClick={() => void categories.refetch()}>Try again</Button>
        </Alert>
      ) : categories.isPending ? (
        <div className="grid gap-2 rounded-lg border border-zinc-200 bg-white p-4" aria-busy="true" aria-label="Loading categories">
          {[0, 1, 2, 3, 4].map((i) => <Skeleton key={i} className="h-9" />)}
        </div>
      ) : rows.length === 0 ? (
        <EmptyState icon={FolderTree} title="No categories yet" action={<Button onClick={() => openForm(null)}><Plus aria-hidden /> Manual Create</Button>}>
          No categories found. Create your first category to get started.
        </EmptyState>
      ) : (
        <div className="rounded-lg border border-zinc-200 bg-white shadow-xs">
          <Table aria-label="Categories">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Name</TableHead>
                <TableHead className="hidden sm:table-cell">Slug</TableHead>
                <TableHead className="text-right">Order</TableHead>
                <TableHead className="hidden sm:table-cell">Featured</TableHead>
                <TableHead className="hidden md:table-cell">Description</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map(({ category, nested }) => (
                <TableRow key={category.id}>
                  <TableCell className="font-medium">
                    <span className={nested ? 'flex items-center gap-1.5 pl-4' : 'flex items-center gap-1.5'}>
                      {nested ? <CornerDownRight className="size-3.5 shrink-0 text-zinc-400" aria-label="Sub-category of" /> : null}
                      <span className="break-words">{category.name}</span>
                    </span>
                    {/* On a phone the slug and featured columns fold under the name. */}
                    <span className={`mt-1 flex flex-wrap items-center gap-2 sm:hidden ${nested ? 'pl-9' : ''}`}>
                      <span className="font-mono text-xs font-normal text-zinc-500">{category.slug}</span>
                      {category.is_featured ? <Badge variant="success">Featured</Badge> : null}
                    </span>
                  </TableCell>
                  <TableCell className="hidden font-mono text-xs text-zinc-600 sm:table-cell">{category.slug}</TableCell>
                  <TableCell className="text-right tabular-nums">{category.display_order}</TableCell>
                  <TableCell className="hidden sm:table-cell">{category.is_featured ? <Badge variant="success">Featured</Badge> : <span className="text-zinc-400" aria-label="Not featured">—</span>}</TableCell>
                  <TableCell className="hidden max-w-sm md:table-cell">
                    <span className="line-clamp-2 text-zinc-600">{category.description || <span className="text-zinc-400">No description</span>}</span>
                  </TableCell>
                  <TableCell className="text-right">
                    <div className="flex justify-end gap-1">
                      <Button size="icon" variant="ghost" aria-label={`Edit ${category.name}`} onClick={() => openForm(category)}><Pencil aria-hidden /></Button>
                      <Button size="icon" variant="ghost" className="text-red-600 hover:bg-red-50 hover:text-red-700" aria-label={`Delete ${category.name}`} onClick={() => setDeleting(category)}>
                        <Trash2 aria-hidden />
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}

      <CategoryFormDialog open={formOpen} onOpenChange={setFormOpen} category={editing} categories={categories.data ?? []} />
      <CategoryWizard open={wizardOpen} onOpenChange={setWizardOpen} />
      <DeleteCategoryDialog
        category={deleting}
        childCount={deleting ? (categories.data ?? []).filter((c) => c.parent_id === deleting.id).length : 0}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
