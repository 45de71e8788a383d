import { useState } from 'react';
import type { AdminProductRow } from '@shared/admin-products';
import { useRefreshProducts } from '@/lib/admin-products';
import { AdjustStockDialog } from '../stock/AdjustStockDialog';
import { ProductWizard } from './ProductWizard';
import { ProductsPage } from './ProductsPage';

/** /admin/catalogue/products: the list, with the Adjust Stock dialog and the AI Product Wizard it opens. */
export function ProductsRoute() {
  const [adjusting, setAdjusting] = useState<AdminProductRow | null>(null);
  const [wizardOpen, setWizardOpen] = useState(false);
  const refresh = useRefreshProducts();
  return (
    <>
      <ProductsPage onAdjustStock={setAdjusting} onOpenWizard={() => setWizardOpen(true)} />
      {adjusting ? <AdjustStockDialog product={adjusting} open onOpenChange={(open) => !open && setAdjusting(null)} onAdjusted={refresh} /> : null}
      {/* Admin spec §2: after publishing the list refreshes (it stays on this screen). */}
      <ProductWizard open={wizardOpen} onOpenChange={setWizardOpen} onPublished={() => { setWizardOpen(false); refresh(); }} />
    </>
  );
}
