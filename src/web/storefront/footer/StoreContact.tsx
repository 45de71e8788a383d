import { addressLines, type PublicStoreDetails } from '@shared/store-details';

/** True when the store has given anything a shopper could use to reach it. */
export const hasContact = (d: PublicStoreDetails) => Boolean(d.contact_email || d.contact_phone || d.address);

const linkClass = 'text-sm text-zinc-600 hover:text-zinc-900 hover:underline underline-offset-4';

/**
 * The footer's "Contact us" column (Settings > Store Info): email and phone as links a phone can act
 * on, and the business address as an <address>. Shown only when the store has given any of them.
 * No icons: the storefront's JavaScript budget is tight (decision 004).
 */
export function StoreContact({ details }: { details: PublicStoreDetails }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-zinc-900">Contact us</h2>
      <address className="mt-3 grid gap-2 not-italic">
        {details.contact_email ? <a href={`mailto:${details.contact_email}`} className={`${linkClass} break-all`}>{details.contact_email}</a> : null}
        {details.contact_phone ? <a href={`tel:${details.contact_phone.replace(/[^\d+]/g, '')}`} className={linkClass}>{details.contact_phone}</a> : null}
        {details.address ? <span className="text-sm whitespace-pre-line text-zinc-600">{addressLines(details.address).join('\n')}</span> : null}
      </address>
    </div>
  );
}
