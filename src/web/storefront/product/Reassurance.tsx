import { useStore } from '../store-context';
import { reassuranceLines } from '../store-promises';

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
