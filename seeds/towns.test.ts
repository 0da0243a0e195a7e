import { describe, expect, it } from 'vitest';
import { towns } from './towns';

// The 33 Ocean County places and the 16 Cape May County municipalities of docs/decisions/003-specification-decisions.md#towns.
const OCEAN_COUNTY = [
  'Barnegat Township',
  'Barnegat Light Borough',
  'Bay Head Borough',
  'Beach Haven Borough',
  'Beachwood Borough',
  'Berkeley Township',
  'Brick Township',
  'Eagleswood Township',
  'Harvey Cedars Borough',
  'Island Heights Borough',
  'Jackson Township',
  'Lacey Township',
  'Lakehurst Borough',
  'Lakewood Township',
  'Lavallette Borough',
  'Little Egg Harbor Township',
  'Long Beach Township',
  'Manchester Township',
  'Mantoloking Borough',
  'Ocean Gate Borough',
  'Ocean Township',
  'Pine Beach Borough',
  'Plumsted Township',
  'Point Pleasant Borough',
  'Point Pleasant Beach Borough',
  'Seaside Heights Borough',
  'Seaside Park Borough',
  'Ship Bottom Borough',
  'South Toms River Borough',
  'Stafford Township',
  'Surf City Borough',
  'Toms River Township',
  'Tuckerton Borough',
];
const CAPE_MAY_COUNTY = [
  'Avalon Borough',
  'Cape May City',
  'Cape May Point Borough',
  'Dennis Township',
  'Lower Township',
  'Middle Township',
  'North Wildwood City',
  'Ocean City City',
  'Sea Isle City City',
  'Stone Harbor Borough',
  'Upper Township',
  'West Cape May Borough',
  'West Wildwood Borough',
  'Wildwood City',
  'Wildwood Crest Borough',
  'Woodbine Borough',
];

const sentences = (text: string) => text.split(/(?<=[.!?]["”]?)\s+(?=[A-Z"“])/);
/** The text with the town's own name taken out, to compare texts across towns. */
const withoutName = (text: string, name: string) => text.replaceAll(name, '{town}').toLowerCase();

describe('towns', () => {
  it('has a page for each of the 33 Ocean County and 16 Cape May County places', () => {
    const byCounty = (county: string) =>
      towns
        .filter((t) => t.county === county)
        .map((t) => `${t.name} ${t.type}`)
        .sort();
    expect(byCounty('Ocean')).toEqual([...OCEAN_COUNTY].sort());
    expect(byCounty('Cape May')).toEqual([...CAPE_MAY_COUNTY].sort());
    expect(new Set(towns.map((t) => t.name)).size).toBe(49);
  });

  it('introduces each town in two or three sentences and its cart use in one or two', () => {
    for (const town of towns) {
      expect(sentences(town.intro).length, town.name).toBeGreaterThanOrEqual(2);
      expect(sentences(town.intro).length, town.name).toBeLessThanOrEqual(3);
      expect(sentences(town.cartUse).length, town.name).toBeGreaterThanOrEqual(1);
      expect(sentences(town.cartUse).length, town.name).toBeLessThanOrEqual(2);
    }
  });

  it('writes every sentence for one town only, not a template with the name swapped in', () => {
    const seen = new Map<string, string>();
    for (const town of towns) {
      for (const sentence of [...sentences(town.intro), ...sentences(town.cartUse)]) {
        const key = withoutName(sentence, town.name);
        expect(seen.get(key), `"${sentence}" (${town.name})`).toBeUndefined();
        seen.set(key, town.name);
      }
    }
  });

  it('shares no run of three words with another town beyond a few common phrases', () => {
    const shingles = (text: string) => {
      const words = text.split(/[^a-z0-9']+/).filter(Boolean);
      return new Set(words.slice(2).map((word, i) => `${words[i]} ${words[i + 1]} ${word}`));
    };
    const texts = towns.map((t) => ({ name: t.name, shingles: shingles(withoutName(`${t.intro} ${t.cartUse}`, t.name)) }));
    for (const [i, a] of texts.entries()) {
      for (const b of texts.slice(i + 1)) {
        const shared = [...a.shingles].filter((s) => b.shingles.has(s)).length;
        const overlap = shared / Math.min(a.shingles.size, b.shingles.size);
        expect(overlap, `${a.name} / ${b.name}`).toBeLessThan(0.2);
      }
    }
  });

  it('names two to four neighbouring towns that have pages of their own', () => {
    const names = new Set(towns.map((t) => t.name));
    for (const town of towns) {
      expect(town.neighbors.length, town.name).toBeGreaterThanOrEqual(2);
      expect(town.neighbors.length, town.name).toBeLessThanOrEqual(4);
      expect(new Set(town.neighbors).size, town.name).toBe(town.neighbors.length);
      expect(town.neighbors, town.name).not.toContain(town.name);
      for (const neighbor of town.neighbors) expect(names.has(neighbor), `${town.name} → ${neighbor}`).toBe(true);
    }
  });

  it('gives about ten larger towns a fixed map centred inside New Jersey', () => {
    const mapped = towns.filter((t) => t.mapEmbedUrl !== null);
    expect(mapped.length).toBeGreaterThanOrEqual(8);
    expect(mapped.length).toBeLessThanOrEqual(14);
    for (const town of mapped) {
      const url = new URL(town.mapEmbedUrl ?? '');
      expect(url.origin + url.pathname, town.name).toBe('https://www.google.com/maps');
      expect(url.searchParams.get('output'), town.name).toBe('embed');
      const [lat, lng] = (url.searchParams.get('q') ?? '').split(',').map(Number);
      expect(lat, town.name).toBeGreaterThan(38.9);
      expect(lat, town.name).toBeLessThan(40.2);
      expect(lng, town.name).toBeGreaterThan(-75.0);
      expect(lng, town.name).toBeLessThan(-73.9);
    }
  });
});
