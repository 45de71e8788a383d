import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ShoppingBag, User } from 'lucide-react';
import type { Tenant } from '@shared/tenants';
import { STORE_PROMISES } from './store-promises';

/** The shopper-facing frame: store name, account link, content, footer with the shop's promises. */
export function StoreLayout({ tenant, children }: { tenant: Tenant; children: ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <div className="bg-zinc-900 px-4 py-2 text-center text-xs font-medium text-white">Free delivery on orders over £100</div>
      <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <ShoppingBag className="size-5 text-accent" aria-hidden />
            {tenant.name}
          </Link>
          <nav aria-label="Account" className="flex items-center gap-1">
            <Link to="/login?redirect=%2F" className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm text-zinc-700 hover:bg-zinc-100">
              <User className="size-4" aria-hidden />
              <span>Sign in</span>
            </Link>
          </nav>
        </div>
      </header>
      <main className="flex flex-1 flex-col">{children}</main>
      <footer className="border-t border-zinc-200 bg-zinc-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
          {STORE_PROMISES.map(({ title, detail }) => (
            <div key={title}>
              <p className="text-sm font-medium">{title}</p>
              <p className="mt-1 text-sm text-zinc-500">{detail}</p>
            </div>
          ))}
        </div>
        <div className="border-t border-zinc-200 px-4 py-4 text-center text-xs text-zinc-500">
          © {year} {tenant.name}. Prices in pounds sterling, including VAT.
        </div>
      </footer>
    </div>
  );
}
