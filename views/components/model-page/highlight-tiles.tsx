import type { HighlightTile } from '../../../src/catalog/model-page-content';

/** The four figures a shopper compares first, on the hero's dark background. */
export function HighlightTiles({ highlights }: { highlights: readonly HighlightTile[] }) {
  return (
    <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-2">
      {highlights.map((tile) => (
        <div key={tile.label} className="flex flex-col-reverse justify-end rounded-xl bg-white/10 px-4 py-3 ring-1 ring-inset ring-white/15">
          <dt className="mt-1 text-xs font-semibold uppercase tracking-wider text-brand-100">{tile.label}</dt>
          <dd className="text-lg font-extrabold leading-tight text-white sm:text-xl">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
