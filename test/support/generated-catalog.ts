import shippedCatalog from '../../seeds/catalog.json';

/** A catalog file's entry, as the import command reads it. */
type Entry = Record<string, unknown> & { slug: string; name: string; price: number | null };

/**
 * A catalog file of `size` entries for measuring how pages grow with the catalog: the shipped
 * 23 models first, as they are, then copies of them with their own slug, name and price (series
 * 2, 3, …), the way a dealer's stock list repeats models in other colors and trims.
 */
export function generatedCatalog(size: number): Entry[] {
  const models: Entry[] = shippedCatalog;
  return Array.from({ length: size }, (_, index) => {
    const model = models[index % models.length]!;
    const series = Math.floor(index / models.length) + 1;
    if (series === 1) return model;
    return {
      ...model,
      slug: `${model.slug}-series-${series}`,
      name: `${model.name} Series ${series}`,
      price: model.price === null ? null : model.price + series * 10,
    };
  });
}
