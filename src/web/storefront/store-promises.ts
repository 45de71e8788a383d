import type { LucideIcon } from 'lucide-react';

// The store's own promises (issue 25), worded for each place the storefront shows them: home cards
// (home/StorePromises.tsx), the product page's lists (product/DeliveryReturns.tsx, Reassurance.tsx)
// and the frame's plain lines (promise-lines.ts). Each builder lives with the page that shows it, so its
// icons travel in that page's bundle. Every line comes from the store's policies or delivery options.

export interface PromiseItem {
  icon: LucideIcon;
  title: string;
  detail: string;
}
