import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { computeQuoteTotals } from '@shared/crm/quote-pricing';
import { ApiError } from '@/lib/api';
import { ComparisonSection } from './ComparisonSection';
import { CallToAction, CarePlansSection, TestimonialSection } from './ClosingSections';
import { FeatureSections } from './FeatureSections';
import { PricingSection } from './PricingSection';
import { ProposalHero } from './ProposalHero';
import { PaymentBanner, ProposalMessage, ProposalSkeleton } from './ProposalStates';
import { CONFIRM_POLL_LIMIT, CONFIRM_POLL_MS, usePublicQuote } from './queries';

/**
 * /quote/{uniqueUrl} (storefront spec §2): the client's proposal, on the store's host or the
 * platform's, with no sign-in. The server rendered its head (noindex) and counted the view; this reads
 * the quote without counting. Printable: buttons hide and sections keep together on paper.
 */
export default function ProposalPage() {
  const { uniqueUrl = '' } = useParams();
  const [search] = useSearchParams();
  const returnedPaid = search.get('paid') === '1';
  const query = usePublicQuote(uniqueUrl, returnedPaid);
  const quote = query.data;
  const totals = useMemo(() => (quote ? computeQuoteTotals(quote) : null), [quote]);
  // The poll stops after a while (queries.ts); then the banner says to come back rather than spin on.
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!returnedPaid) return;
    const timer = setTimeout(() => setGaveUp(true), CONFIRM_POLL_MS * (CONFIRM_POLL_LIMIT + 1));
    return () => clearTimeout(timer);
  }, [returnedPaid]);

  useEffect(() => {
    if (quote) document.title = `${quote.header_title} | ${quote.from_name}`;
  }, [quote]);

  if (query.isPending) return <ProposalSkeleton />;
  if (query.isError || !quote || !totals) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return <ProposalMessage notFound={notFound} onRetry={notFound ? undefined : () => void query.refetch()} />;
  }
  return (
    <div className="min-h-screen bg-zinc-50/60 text-zinc-900 print:bg-white">
      <PaymentBanner paidAt={quote.paid_at} confirming={returnedPaid} gaveUp={gaveUp} />
      <ProposalHero quote={quote} totals={totals} />
      <main className="mx-auto max-w-6xl px-5 sm:px-8">
        <FeatureSections quote={quote} />
        <ComparisonSection quote={quote} />
        <PricingSection quote={quote} totals={totals} />
        {/* Hosting care plans are the web-agency kit's (decision 044): a store's quote has none. */}
        {quote.kit === 'agency' ? <CarePlansSection quote={quote} /> : null}
        <TestimonialSection quote={quote} />
        <CallToAction quote={quote} />
      </main>
      <footer className="border-t border-zinc-200 py-8 text-center text-xs text-zinc-500">
        Proposal from {quote.from_name} for {quote.client.company ?? quote.client.name}. Prices in GBP.
      </footer>
    </div>
  );
}
