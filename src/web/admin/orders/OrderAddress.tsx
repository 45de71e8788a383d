import type { OrderAddress as Address } from '@shared/admin-orders';

/** A postal address, one line each, as a label would carry it. */
export function OrderAddress({ address }: { address: Address }) {
  const lines = [`${address.first_name} ${address.last_name}`.trim(), address.company, address.line1, address.line2, address.city, address.postcode, address.country === 'GB' ? 'United Kingdom' : address.country];
  return (
    <address className="text-sm leading-6 not-italic text-zinc-800">
      {lines.filter(Boolean).map((line, i) => <span key={i} className="block">{line}</span>)}
      {address.phone ? <span className="block text-zinc-500">{address.phone}</span> : null}
    </address>
  );
}
