import { describe, expect, it } from 'vitest';
import { buildFacetIndex, facetPage, type FacetClause } from './facet-index';

// Vehicles with facets drawn from a small seeded generator, sizes either side of a 32-bit word.
function vehiclesOf(count: number, seed: number) {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31);
  return Array.from({ length: count }, (_, index) => ({
    id: `unit-${index}`,
    facets: [
      'listed',
      `brand:${['denago', 'evolution', 'icon'][next() % 3]}`,
      `condition:${['new', 'used'][next() % 2]}`,
      ...(next() % 4 === 0 ? ['location:toms-river'] : []),
    ],
  }));
}

/** What the clauses mean, vehicle by vehicle. */
function naive(vehicles: ReturnType<typeof vehiclesOf>, clauses: readonly FacetClause[]) {
  return vehicles.filter((vehicle) => clauses.every((clause) => clause.some((facet) => vehicle.facets.includes(facet)))).map((vehicle) => vehicle.id);
}

describe('facetPage', () => {
  const clauseSets: FacetClause[][] = [
    [],
    [['brand:denago']],
    [['brand:denago', 'brand:icon'], ['condition:used']],
    [['location:toms-river'], ['condition:new'], ['brand:evolution']],
    [['brand:nobody']],
    [['listed']],
  ];

  it.each([0, 1, 31, 32, 33, 64, 100, 1000])('counts and pages %i vehicles as a filter over each vehicle does, in their order', (count) => {
    const vehicles = vehiclesOf(count, count + 7);
    const index = buildFacetIndex(vehicles);
    for (const clauses of clauseSets) {
      const expected = naive(vehicles, clauses);
      for (const [skip, limit] of [
        [0, 24],
        [24, 24],
        [5, 3],
        [expected.length, 24],
        [0, 5000],
      ] as const) {
        expect(facetPage(index, clauses, skip, limit)).toEqual({ matching: expected.length, ids: expected.slice(skip, skip + limit) });
      }
    }
  });

  it('counts a vehicle once for a facet it lists twice', () => {
    const index = buildFacetIndex([{ id: 'a', facets: ['listed', 'listed'] }]);
    expect(facetPage(index, [['listed']], 0, 24)).toEqual({ matching: 1, ids: ['a'] });
  });
});
