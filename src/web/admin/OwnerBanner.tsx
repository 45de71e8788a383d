import { ShieldCheck } from 'lucide-react';

/** Storefront spec §2: shown across the top whenever a platform owner is in the admin. */
export function OwnerBanner() {
  return (
    <div className="flex items-center justify-center gap-2 bg-zinc-900 px-4 py-1.5 text-xs font-medium text-white">
      <ShieldCheck className="size-3.5 text-amber-300" aria-hidden />
      Platform Owner Mode - Full Access
    </div>
  );
}
