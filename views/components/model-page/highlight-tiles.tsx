import type { HighlightTile } from '../../../src/catalog/model-page-content';
import { StatGrid } from '../stat-grid';

/** The four figures a shopper compares first, on the hero's dark background. */
export function HighlightTiles({ highlights }: { highlights: readonly HighlightTile[] }) {
  return <StatGrid stats={highlights} tone="dark" className="mt-8 grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-2" />;
}
