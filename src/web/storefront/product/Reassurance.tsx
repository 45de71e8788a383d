import { RotateCcw, ShieldCheck, Truck } from 'lucide-react';

const LINES = [
  { icon: Truck, text: 'Free delivery on orders over £100' },
  { icon: RotateCcw, text: '30-day returns' },
  { icon: ShieldCheck, text: 'Secure checkout' },
];

/** The shop's promises beside the buy box, where the decision is made. */
export function Reassurance() {
  return (
    <ul className="grid gap-2.5 rounded-xl bg-zinc-50 p-4 text-sm text-zinc-700">
      {LINES.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-3">
          <Icon className="size-4 shrink-0 text-accent" aria-hidden />
          {text}
        </li>
      ))}
    </ul>
  );
}
