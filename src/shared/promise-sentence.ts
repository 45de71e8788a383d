import { freeDeliveryLine, type StorePromises } from './store-promises';

// Apart from store-promises.ts so the storefront pages that do not say it (product, category) do not
// download it (decision 004's budget): the home hero and the server's page heads do.

/**
 * One sentence for page descriptions and the like: "Free delivery on orders over £100, next-day
 * delivery and a 30-day return policy." '' when the store promises none of these.
 */
export function promiseSentence(p: StorePromises): string {
  const parts = [freeDeliveryLine(p), p.next_day ? 'next-day delivery' : null, p.returns_days === null ? null : `a ${p.returns_days}-day return policy`].filter(
    (part): part is string => part !== null,
  );
  if (parts.length === 0) return '';
  const text = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
