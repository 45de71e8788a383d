import { variablesForKey } from '@shared/email-settings';

/**
 * The {{variables}} the key offers (spec §9 lists order_number, total_amount and currency); picking
 * one puts it where the cursor was. Flags go in as a section to put the conditional text inside.
 */
export function VariablePicker({ templateKey, onPick }: { templateKey: string; onPick: (snippet: string) => void }) {
  const variables = variablesForKey(templateKey.trim());
  return (
    <aside className="min-w-0 rounded-lg border border-zinc-200 bg-zinc-50/60 p-3" aria-labelledby="template-variables-title">
      <h3 id="template-variables-title" className="text-sm font-semibold">Variables</h3>
      <p className="mt-0.5 text-xs text-zinc-500">Click to insert. Values are escaped, so customers’ text never changes your HTML.</p>
      <ul className="mt-2 grid max-h-72 gap-1 overflow-y-auto pr-1 lg:max-h-[28rem]">
        {variables.map((v) => {
          const snippet = v.kind === 'flag' ? `{{#${v.name}}}{{/${v.name}}}` : `{{${v.name}}}`;
          return (
            <li key={v.name}>
              <button
                type="button"
                onClick={() => onPick(snippet)}
                className="w-full rounded px-2 py-1 text-left hover:bg-white focus-visible:outline-2 focus-visible:outline-indigo-500"
                title={`Insert ${snippet}`}
              >
                <code className="block font-mono text-xs break-all text-indigo-700">{v.kind === 'flag' ? `{{#${v.name}}}…` : `{{${v.name}}}`}</code>
                <span className="block text-xs text-zinc-500">{v.description}{v.kind === 'block' ? ' (formatted block)' : ''}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
