import { Mail, MapPin, Phone } from 'lucide-react';
import { addressLines, type PublicStoreDetails } from '@shared/store-details';

/** True when the store has given anything a shopper could use to reach it. */
export const hasContact = (d: PublicStoreDetails) => Boolean(d.contact_email || d.contact_phone || d.address);

/**
 * The footer's "Contact us" column (Settings > Store Info): email and phone as links a phone can act
 * on, and the business address as an <address>. Shown only when the store has given any of them.
 */
export function StoreContact({ details }: { details: PublicStoreDetails }) {
  const row = 'flex items-start gap-2 text-sm text-zinc-600';
  const icon = 'mt-0.5 size-4 shrink-0 text-zinc-400';
  return (
    <div>
      <h2 className="text-sm font-semibold text-zinc-900">Contact us</h2>
      <address className="mt-3 grid gap-2 not-italic">
        {details.contact_email ? (
          <a href={`mailto:${details.contact_email}`} className={`${row} break-all hover:text-zinc-900 hover:underline underline-offset-4`}>
            <Mail className={icon} aria-hidden />
            {details.contact_email}
          </a>
        ) : null}
        {details.contact_phone ? (
          <a href={`tel:${details.contact_phone.replace(/[^\d+]/g, '')}`} className={`${row} hover:text-zinc-900 hover:underline underline-offset-4`}>
            <Phone className={icon} aria-hidden />
            {details.contact_phone}
          </a>
        ) : null}
        {details.address ? (
          <span className={row}>
            <MapPin className={icon} aria-hidden />
            <span>
              {addressLines(details.address).map((line) => (
                <span key={line} className="block">{line}</span>
              ))}
            </span>
          </span>
        ) : null}
      </address>
    </div>
  );
}
