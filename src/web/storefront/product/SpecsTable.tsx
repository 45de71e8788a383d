import type { NameValue } from '@shared/catalog';

/** The Specifications tab: one row per specification, as the merchant entered them. */
export function SpecsTable({ specs }: { specs: NameValue[] }) {
  if (specs.length === 0) return <p className="text-zinc-500">No specifications have been listed for this product.</p>;
  return (
    <div className="max-w-3xl overflow-hidden rounded-xl border border-zinc-200">
      <table className="w-full text-sm">
        <caption className="sr-only">Specifications</caption>
        <tbody className="divide-y divide-zinc-200">
          {specs.map((spec, index) => (
            <tr key={`${spec.name}-${index}`} className="even:bg-zinc-50/70">
              <th scope="row" className="w-2/5 px-4 py-3 text-left align-top font-medium text-zinc-600">{spec.name}</th>
              <td className="px-4 py-3 text-zinc-900">{spec.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
