import { describe, expect, it } from 'vitest';
import { towns } from '../../seeds/towns';
import { mapEmbedUrl } from './town-map-url';

describe('mapEmbedUrl', () => {
  it("uses the town's fixed embed when it has one", () => {
    const fixed = 'https://www.google.com/maps?q=39.9537,-74.1979&z=12&output=embed';
    expect(mapEmbedUrl({ name: 'Toms River', type: 'Township', mapEmbedUrl: fixed })).toBe(fixed);
  });

  it('builds a map search from the name and type when there is no fixed embed', () => {
    expect(mapEmbedUrl({ name: 'Barnegat Light', type: 'Borough', mapEmbedUrl: null })).toBe(
      'https://www.google.com/maps?q=Barnegat%20Light%20Borough%2C%20NJ&output=embed',
    );
    expect(mapEmbedUrl({ name: 'Sea Isle City', type: 'City', mapEmbedUrl: null })).toBe('https://www.google.com/maps?q=Sea%20Isle%20City%2C%20NJ&output=embed');
  });

  it('gives every seeded town a Google Maps embed', () => {
    for (const town of towns) {
      const url = new URL(mapEmbedUrl(town));
      expect(url.origin + url.pathname).toBe('https://www.google.com/maps');
      expect(url.searchParams.get('output')).toBe('embed');
      expect(url.searchParams.get('q')).toBeTruthy();
    }
  });
});
