import { Check, Printer } from 'lucide-react';
import type { PublicQuote } from '@shared/crm/quotes';
import type { QuoteTotals } from '@shared/crm/quote-pricing';
import { Button } from '@/components/ui/button';
import { DepositButton } from './DepositButton';
import { formatDate, money } from './format';

/** The top bar and the opening: title, who it is for and from, the promises, and what is due now. */
export function ProposalHero({ quote, totals }: { quote: PublicQuote; totals: QuoteTotals }) {
  const plan = quote.payment_structure === 'payment_plan';
  const client = quote.client.company ? `${quote.client.name}, ${quote.client.company}` : quote.client.name;
  return (
    <header className="bg-zinc-950 text-white print:bg-white print:text-zinc-900">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-5 py-5 sm:px-8">
        <p className="truncate text-sm font-semibold tracking-tight">{quote.from_name}</p>
        <div className="flex items-center gap-3">
          <span className="hidden text-xs text-zinc-400 sm:inline print:inline print:text-zinc-500">Proposal · {formatDate(quote.created_at)}</span>
          <Button variant="ghost" size="sm" className="text-zinc-300 hover:bg-white/10 hover:text-white print:hidden" onClick={() => window.print()}>
            <Printer aria-hidden /> Print
          </Button>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-5 pt-8 pb-14 sm:px-8 lg:grid-cols-[1fr_22rem] lg:items-start lg:pt-14 lg:pb-20 print:block print:py-4">
        <div>
          <p className="text-sm text-zinc-400 print:text-zinc-500">
            Prepared for <span className="font-medium text-white print:text-zinc-900">{client}</span> by {quote.from_name}
          </p>
          <h1 className="mt-4 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{quote.header_title}</h1>
          {quote.header_subtitle && <p className="mt-5 max-w-2xl text-lg leading-relaxed text-zinc-300 print:text-zinc-600">{quote.header_subtitle}</p>}
          {quote.hero_bullets.length > 0 && (
            <ul className="mt-8 grid gap-3 sm:grid-cols-2">
              {quote.hero_bullets.map((b, i) => (
                <li key={i} className="flex items-start gap-3 text-sm text-zinc-200 print:text-zinc-700">
                  <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-indigo-500/20 text-indigo-300 print:text-indigo-700">
                    <Check className="size-3.5" aria-hidden />
                  </span>
                  {b}
                </li>
              ))}
            </ul>
          )}
        </div>
        <aside aria-label="Summary" className="rounded-2xl bg-white p-6 text-zinc-900 shadow-xl ring-1 ring-white/10 print:mt-6 print:shadow-none print:ring-zinc-200">
          <p className="text-xs font-semibold tracking-widest text-zinc-500 uppercase">Your investment</p>
          <p className="mt-2 text-4xl font-semibold tracking-tight tabular-nums">{money(quote.total_amount)}</p>
          <p className="mt-1 text-sm text-zinc-500">{quote.kit === 'store' ? (plan ? 'Over 6 monthly payments' : 'Paid upfront and on delivery') : plan ? 'Custom build over 6 monthly payments' : 'Custom build, paid upfront and on delivery'}</p>
          <dl className="mt-5 space-y-2 border-t border-zinc-100 pt-5 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-zinc-600">{plan ? 'First monthly payment' : 'Deposit today (40%)'}</dt>
              <dd className="font-medium tabular-nums">{money(quote.deposit_amount)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-zinc-600">{plan ? 'Then 5 monthly payments of' : 'Balance on delivery'}</dt>
              <dd className="font-medium tabular-nums">{money(totals.balance)}</dd>
            </div>
          </dl>
          <div className="mt-6 print:hidden">
            <DepositButton quote={quote} className="w-full" />
          </div>
        </aside>
      </div>
    </header>
  );
}
