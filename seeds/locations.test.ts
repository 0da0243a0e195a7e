import { describe, expect, it } from 'vitest';
import { locations } from './locations';

describe('locations', () => {
  it('lists the five showroom locations of the spec, in order', () => {
    expect(locations.map((l) => l.city)).toEqual([
      'Bayville',
      'Waretown',
      'Pleasantville',
      'Manahawkin',
      'Cape May Court House',
    ]);
    expect(new Set(locations.map((l) => l.id)).size).toBe(5);
    for (const location of locations) expect(location.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('uses reserved fictional phone numbers whose tel link dials the number shown', () => {
    for (const location of locations) {
      expect(location.phone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(location.phoneTel).toBe(`+1${location.phone.replace(/\D/g, '')}`);
    }
  });

  it('gives directions to the coordinates of each location', () => {
    for (const { coordinates, directionsUrl } of locations) {
      expect(directionsUrl).toBe(
        `https://www.google.com/maps/dir/?api=1&destination=${coordinates.lat},${coordinates.lng}`,
      );
      expect(coordinates.lat).toBeGreaterThan(38.9);
      expect(coordinates.lat).toBeLessThan(41.4);
      expect(coordinates.lng).toBeGreaterThan(-75.6);
      expect(coordinates.lng).toBeLessThan(-73.9);
    }
  });

  it('has optional social, website and review links only as https addresses', () => {
    const optional = ['facebookUrl', 'instagramUrl', 'websiteUrl', 'reviewUrl'] as const;
    expect(locations.some((l) => optional.every((key) => l[key] === undefined))).toBe(true);
    for (const location of locations) {
      for (const key of optional) {
        const url = location[key];
        if (url !== undefined) expect(new URL(url).protocol, `${location.id}.${key}`).toBe('https:');
      }
    }
  });
});
