import type { SpecificationRow } from '../../../src/catalog/specification-rows';

/** Every figure of the model as a two-column table: what it is, and the value. */
export function SpecificationTable({ caption, rows }: { caption: string; rows: readonly SpecificationRow[] }) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">{caption}</caption>
      <tbody className="divide-y divide-ink-200">
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="py-3 pr-4 align-top font-medium text-ink-600">
              {row.label}
            </th>
            <td className="py-3 text-right font-semibold text-ink-900">{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
