import { ProductsPage } from './ProductsPage';

/**
 * /admin/catalogue/products, and the MERGE POINT for the two dialogs other features build:
 *
 *   const [adjusting, setAdjusting] = useState<AdminProductRow | null>(null);
 *   const [wizardOpen, setWizardOpen] = useState(false);
 *   const refresh = useRefreshProducts();            // from '@/lib/admin-products'
 *   <ProductsPage onAdjustStock={setAdjusting} onOpenWizard={() => setWizardOpen(true)} />
 *   {adjusting ? <AdjustStockDialog product={adjusting} open onOpenChange={(open) => !open && setAdjusting(null)} onAdjusted={refresh} /> : null}
 *   <ProductWizard open={wizardOpen} onOpenChange={setWizardOpen} onPublished={() => { setWizardOpen(false); refresh(); navigate('/admin/catalogue/products'); }} />
 *
 * Until then 'Adjust' links to the edit form's stock field and 'AI Wizard' does nothing.
 */
export function ProductsRoute() {
  return <ProductsPage />;
}
