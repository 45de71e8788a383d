import { useState } from 'react';
import { Link } from 'react-router';
import { CircleDashed, FolderTree, Package, Settings, ShoppingCart, Sparkles, Upload, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { MemberRole } from '@shared/roles';
import { LowStockAlert } from '../stock/LowStockAlert';
import { ProductWizard } from '../catalogue/ProductWizard';

const SETUP_STEPS = [
  { title: 'Configure categories', text: 'Group your range so shoppers can browse it.', to: '/admin/catalogue/categories' },
  { title: 'Add your first products', text: 'Add them one by one or import a CSV file.', to: '/admin/catalogue/products' },
  { title: 'Set up payment processing', text: 'Connect a card payment provider to take payments.', to: '/admin/settings' },
];

const QUICK_ACTIONS = [
  { label: 'Manage Products', to: '/admin/catalogue/products', icon: Package },
  { label: 'Organize Categories', to: '/admin/catalogue/categories', icon: FolderTree },
  { label: 'View Orders', to: '/admin/orders', icon: ShoppingCart },
  { label: 'Store Settings', to: '/admin/settings', icon: Settings },
];

/** Admin spec "Dashboard": greeting, main actions, the store set-up card and quick actions. */
export function Dashboard({ canManage, role }: { canManage: boolean; role: MemberRole | null }) {
  const [wizardOpen, setWizardOpen] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Good morning!</h1>
          <p className="mt-1 text-sm text-zinc-500">Here is where your store stands today.</p>
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setWizardOpen(true)}>
              <Sparkles aria-hidden className="text-indigo-600" /> AI Product Wizard
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/import"><Upload aria-hidden /> Import Products</Link>
            </Button>
            <Button asChild>
              <Link to="/admin/catalogue/products"><Package aria-hidden /> Add Product</Link>
            </Button>
          </div>
        ) : null}
      </div>
      {canManage ? <ProductWizard open={wizardOpen} onOpenChange={setWizardOpen} /> : null}

      {canManage ? <LowStockAlert /> : null}

      {canManage ? (
        <div className="grid gap-6 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle>Store Setup Progress</CardTitle>
              <CardDescription>Three steps to a store that can take orders.</CardDescription>
            </CardHeader>
            <CardContent>
              <ol className="divide-y divide-zinc-100">
                {SETUP_STEPS.map((step) => (
                  <li key={step.title}>
                    <Link to={step.to} className="-mx-2 flex items-start gap-3 rounded-md px-2 py-3 hover:bg-zinc-50">
                      <CircleDashed className="mt-0.5 size-5 shrink-0 text-zinc-400" aria-hidden />
                      <span>
                        <span className="block text-sm font-medium">{step.title}</span>
                        <span className="block text-sm text-zinc-500">{step.text}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Quick Actions</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1">
              {QUICK_ACTIONS.map(({ label, to, icon: Icon }) => (
                <Link key={label} to={to} className="flex items-center gap-3 rounded-md px-2 py-2 text-sm font-medium text-zinc-700 hover:bg-zinc-50">
                  <Icon className="size-4 text-zinc-500" aria-hidden />
                  {label}
                </Link>
              ))}
            </CardContent>
          </Card>
        </div>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2"><Users className="size-4 text-zinc-500" aria-hidden /> Your role: {role ?? 'member'}</CardTitle>
            <CardDescription>
              Staff accounts work with the sales tools (leads and quotes). Catalogue, orders, content and settings are kept for
              store admins.
            </CardDescription>
          </CardHeader>
        </Card>
      )}
    </div>
  );
}
