import { useStore } from '../store-context';
import { RotateCcw, ShieldCheck, Truck, type LucideIcon } from 'lucide-react';
import { freeDeliveryLine, type StorePromises } from '@shared/store-promises';

/** The shop's promises beside the buy box, where the decision is made. */
export function Reassurance() {
  const lines = reassuranceLines(useStore().promises);
  return (
    <ul className="grid gap-2.5 rounded-xl bg-zinc-50 p-4 text-sm text-zinc-700">
      {lines.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-3">
          <Icon className="size-4 shrink-0 text-accent" aria-hidden />
          {text}
        </li>
      ))}
    </ul>
  );
}

/** The short lines beside the buy box. */
export function reassuranceLines(p: StorePromises): { icon: LucideIcon; text: string }[] {
  const lines: { icon: LucideIcon; text: string }[] = [];
  const free = freeDeliveryLine(p);
  if (free) lines.push({ icon: Truck, text: free });
  if (p.returns_days !== null) lines.push({ icon: RotateCcw, text: `${p.returns_days}-day returns` });
  lines.push({ icon: ShieldCheck, text: 'Secure checkout' });
  return lines;
}
