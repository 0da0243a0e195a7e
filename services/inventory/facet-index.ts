/**
 * The listed vehicles' facets (models/inventory-keys.ts) held in memory for one catalog version:
 * per facet, one bit per vehicle in the catalog's order. A filtered inventory page is then found
 * by ANDing a few bitsets (one per filter, ORing the facets a filter accepts) and counting and
 * walking the bits, instead of the store intersecting the facets' index ranges for every request:
 * at 23,000 units each range is thousands of entries, the bitsets 2.9 KB each.
 */
export interface FacetIndex {
  /** The listed vehicles' ids in the catalog's order: bit i of a facet is ids[i]. */
  readonly ids: readonly string[];
  readonly facets: ReadonlyMap<string, Uint32Array>;
}

/** What a filter asks of a vehicle: at least one of these facets (inventoryFacetClauses). */
export type FacetClause = readonly string[];

const WORD_BITS = 32;

/** The index of vehicles given in the catalog's order, each with the facets it passes. */
export function buildFacetIndex(vehicles: Iterable<{ id: string; facets: readonly string[] }>): FacetIndex {
  const ids: string[] = [];
  const members = new Map<string, number[]>();
  for (const { id, facets } of vehicles) {
    const position = ids.push(id) - 1;
    for (const facet of new Set(facets)) {
      let positions = members.get(facet);
      if (!positions) members.set(facet, (positions = []));
      positions.push(position);
    }
  }
  const words = Math.ceil(ids.length / WORD_BITS);
  const facets = new Map<string, Uint32Array>();
  for (const [facet, positions] of members) {
    const bits = new Uint32Array(words);
    for (const position of positions) bits[position >>> 5]! |= 1 << (position & 31);
    facets.set(facet, bits);
  }
  return { ids, facets };
}

function popcount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * The vehicles every clause accepts: how many, and the ids of `limit` of them after `skip`, in the
 * catalog's order. No clause accepts every listed vehicle; a facet no vehicle has accepts none.
 */
export function facetPage(index: FacetIndex, clauses: readonly FacetClause[], skip: number, limit: number): { matching: number; ids: string[] } {
  const words = Math.ceil(index.ids.length / WORD_BITS);
  const found = new Uint32Array(words);
  // Past the last vehicle, the last word's bits stay clear.
  found.fill(0xffffffff);
  if (index.ids.length % WORD_BITS !== 0) found[words - 1] = (1 << (index.ids.length % WORD_BITS)) - 1;
  for (const clause of clauses) {
    const accepted = new Uint32Array(words);
    for (const facet of clause) {
      const bits = index.facets.get(facet);
      if (bits) for (let word = 0; word < words; word += 1) accepted[word]! |= bits[word]!;
    }
    for (let word = 0; word < words; word += 1) found[word]! &= accepted[word]!;
  }
  let matching = 0;
  const ids: string[] = [];
  for (let word = 0; word < words; word += 1) {
    let bits = found[word]!;
    if (bits === 0) continue;
    const count = popcount(bits);
    if (matching + count <= skip || ids.length >= limit) {
      matching += count;
      continue;
    }
    for (; bits !== 0; bits &= bits - 1) {
      if (matching >= skip && ids.length < limit) ids.push(index.ids[word * WORD_BITS + (31 - Math.clz32(bits & -bits))]!);
      matching += 1;
    }
  }
  return { matching, ids };
}
