import { Link, Route, Routes } from 'react-router';
import { NotFound } from '@/app/NotFound';
import { Button } from '@/components/ui/button';
import { PLATFORM_NAME } from '@shared/platform';
import { MarketingHome } from './MarketingHome';
import { BrandMark } from './BrandMark';

/** The platform's own website, shown on the platform host where there is no store. */
export default function MarketingSite() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="border-b border-zinc-200">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Link to="/" className="flex items-center gap-2 font-semibold tracking-tight">
            <BrandMark />
            {PLATFORM_NAME}
          </Link>
          <nav aria-label="Main" className="flex items-center gap-1 sm:gap-4">
            <a href="/#features" className="hidden text-sm text-zinc-600 hover:text-zinc-900 sm:inline">Features</a>
            <a href="/#security" className="hidden text-sm text-zinc-600 hover:text-zinc-900 sm:inline">Security</a>
            <Button asChild variant="outline" size="sm">
              <Link to="/login">Sign in</Link>
            </Button>
          </nav>
        </div>
      </header>
      <main className="flex flex-1 flex-col">
        <Routes>
          <Route index element={<MarketingHome />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </main>
      <footer className="border-t border-zinc-200 bg-zinc-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-zinc-500 sm:flex-row sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} {PLATFORM_NAME}. Online shops for UK merchants.</p>
          <p>Prices in pounds sterling, shops in UK English.</p>
        </div>
      </footer>
    </div>
  );
}
