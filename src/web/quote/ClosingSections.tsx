import { Check, Quote as QuoteMark } from 'lucide-react';
import type { PublicQuote } from '@shared/crm/quotes';
import { Button } from '@/components/ui/button';
import { DepositButton } from './DepositButton';
import { Section } from './Section';
import { money } from './format';

/** Care plans after launch: the standard and the Plus plan, with what they include. */
export function CarePlansSection({ quote }: { quote: PublicQuote }) {
  const plans = [
    { name: 'Care plan', price: quote.care_plan_monthly, note: 'Everything you need to stay secure and up to date.' },
    { name: 'Care plan Plus', price: quote.care_plan_plus_monthly, note: 'Adds priority support and monthly improvements.' },
  ];
  return (
    <Section id="care" eyebrow="After launch" title="Care plans" intro={quote.care_plan_overview || undefined}>
      <div className="grid gap-6 md:grid-cols-2">
        {plans.map((p) => (
          <article key={p.name} className="break-inside-avoid rounded-2xl border border-zinc-200 bg-white p-6">
            <h3 className="font-semibold text-zinc-900">{p.name}</h3>
            <p className="mt-3 text-3xl font-semibold tracking-tight tabular-nums text-zinc-900">
              {money(p.price)}
              <span className="text-base font-normal text-zinc-500">/month</span>
            </p>
            <p className="mt-2 text-sm text-zinc-600">{p.note}</p>
            {quote.care_plan_inclusions.length > 0 && (
              <ul className="mt-5 space-y-2 text-sm text-zinc-700">
                {quote.care_plan_inclusions.map((item, i) => (
                  <li key={i} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                    {item}
                  </li>
                ))}
              </ul>
            )}
          </article>
        ))}
      </div>
    </Section>
  );
}

export function TestimonialSection({ quote }: { quote: PublicQuote }) {
  if (!quote.testimonial_quote) return null;
  return (
    <section aria-label="What clients say" className="break-inside-avoid py-12 sm:py-16 print:py-6">
      <figure className="rounded-2xl bg-zinc-50 p-8 sm:p-12">
        <QuoteMark className="size-8 text-accent" aria-hidden />
        <blockquote className="mt-4 text-xl leading-relaxed font-medium text-balance text-zinc-900 sm:text-2xl">{quote.testimonial_quote}</blockquote>
        {quote.testimonial_author && <figcaption className="mt-6 text-sm font-medium text-zinc-600">{quote.testimonial_author}</figcaption>}
        {quote.testimonial_logos.length > 0 && (
          <div className="mt-8 flex flex-wrap items-center gap-8 opacity-70 grayscale">
            {quote.testimonial_logos.map((src, i) => (
              <img key={i} src={src} alt="" loading="lazy" referrerPolicy="no-referrer" className="h-8 w-auto" />
            ))}
          </div>
        )}
      </figure>
    </section>
  );
}

/** The closing band: pay the deposit (primary) and the secondary link, e.g. book a call. */
export function CallToAction({ quote }: { quote: PublicQuote }) {
  const secondary = quote.cta_secondary_label && quote.cta_secondary_url;
  if (!quote.can_pay && !quote.paid_at && !secondary) return null;
  return (
    <section aria-label="Next steps" className="break-inside-avoid py-12 sm:py-16 print:hidden">
      <div className="rounded-2xl bg-zinc-950 px-6 py-10 text-center text-white sm:px-12">
        <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">{quote.paid_at ? 'Thank you. We are on it.' : 'Ready to start?'}</h2>
        <p className="mx-auto mt-3 max-w-xl text-zinc-300">
          {quote.paid_at ? 'Your deposit is in and your project is booked. We will be in touch shortly with next steps.' : `Pay the ${money(quote.deposit_amount)} deposit to book your project in.`}
        </p>
        <div className="mx-auto mt-8 flex max-w-md flex-col items-stretch gap-3">
          <DepositButton quote={quote} className="[&_p]:text-zinc-400" />
          {secondary && (
            <Button asChild variant="outline" size="lg" className="border-white/20 bg-transparent text-white hover:bg-white/10">
              <a href={quote.cta_secondary_url} target="_blank" rel="noreferrer noopener">
                {quote.cta_secondary_label}
              </a>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
