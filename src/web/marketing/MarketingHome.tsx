import { Link } from 'react-router';
import { ArrowRight, Boxes, CreditCard, Lock, PackageCheck, Search, Sparkles, Zap, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PLATFORM_NAME } from '@shared/platform';

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Boxes, title: 'Catalogue and stock', text: 'Products, categories, images and a stock ledger that never oversells, even at a flash sale.' },
  { icon: CreditCard, title: 'Card payments', text: 'Hosted checkout with a card payment provider. Prices and totals are always worked out on our side.' },
  { icon: PackageCheck, title: 'Orders and fulfilment', text: 'Every order in one list, searchable by number, customer or status, with the whole history.' },
  { icon: Sparkles, title: 'AI copy help', text: 'Product descriptions, highlights and SEO text drafted for you, in UK English, ready to edit.' },
  // Only what the platform does today: CSV import joins this list when it is built.
  { icon: Search, title: 'Found on search', text: 'Every product page reaches search engines with its title, price, stock and reviews, and each shop has its own sitemap.' },
  { icon: Zap, title: 'Fast by default', text: 'Pages that load quickly on a phone signal, so shoppers stay to the checkout.' },
];

export function MarketingHome() {
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50/70 to-white">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="text-sm font-medium text-accent">Online shops for UK merchants</p>
          <h1 className="mx-auto mt-4 max-w-3xl text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
            Your shop online today, with nothing to set up
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-zinc-600">
            {PLATFORM_NAME} gives each shop its own domain, catalogue, orders and staff accounts, with card payments in pounds
            and a back office your team will actually enjoy using.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/start">
                Open your shop
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#features">See what is included</a>
            </Button>
          </div>
        </div>
      </section>

      <section id="features" className="mx-auto w-full max-w-6xl scroll-mt-8 px-4 py-16 sm:px-6">
        <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Everything a small UK shop needs</h2>
        <p className="mt-2 max-w-2xl text-zinc-600">One place to run the shop, from the first product to the thousandth order.</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-zinc-200 p-6">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent-soft">
                <Icon className="size-5 text-accent" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-zinc-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="security" className="scroll-mt-8 border-t border-zinc-200 bg-zinc-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:items-center">
          <div>
            <Lock className="size-6 text-accent" aria-hidden />
            <h2 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">Your shop's data stays your shop's</h2>
            <p className="mt-3 text-zinc-600">
              Every shop is walled off from every other at the database itself, not just in the screens. Staff get exactly the
              access their role allows, and sign-in is protected against guessing.
            </p>
          </div>
          <div className="rounded-xl border border-zinc-200 bg-white p-6">
            <p className="font-semibold">Already trading with us?</p>
            <p className="mt-1 text-sm text-zinc-600">Sign in to manage your catalogue, stock and orders.</p>
            <Button asChild className="mt-4">
              <Link to="/login">Sign in</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
