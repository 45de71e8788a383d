import { RotateCcw, ShieldCheck, Store, Truck, type LucideIcon } from 'lucide-react';

/** The shop's service promises (storefront spec §9), shown on the home page (the footer lists them as plain facts). */
export const STORE_PROMISES: { icon: LucideIcon; title: string; detail: string }[] = [
  { icon: Truck, title: 'Free delivery on orders over £100', detail: 'Next-day delivery to most UK postcodes.' },
  { icon: Store, title: 'Click & collect', detail: 'Order online and pick up when it suits you.' },
  { icon: RotateCcw, title: '30-day return policy', detail: 'Refunds within 5-7 business days.' },
  { icon: ShieldCheck, title: 'Secure card payments', detail: 'Checkout through a trusted card payment provider.' },
];
