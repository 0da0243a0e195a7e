import { describe, expect, it } from 'vitest';
import type { Town } from '../../seeds/towns';
import { townForShortForm } from './town-short-form';

function town(name: string, type: Town['type']): Town {
  return { name, type, county: 'Ocean', intro: '', cartUse: '', neighbors: [], mapEmbedUrl: null };
}

describe('townForShortForm', () => {
  it('resolves a short form that names exactly one town', () => {
    expect(townForShortForm('/toms-river-golf-carts')).toMatchObject({ name: 'Toms River', type: 'Township' });
    expect(townForShortForm('/cape-may-golf-carts')).toMatchObject({ name: 'Cape May', type: 'City' });
    expect(townForShortForm('/wildwood-golf-carts')).toMatchObject({ name: 'Wildwood', type: 'City' });
    expect(townForShortForm('/barnegat-light-golf-carts')).toMatchObject({ name: 'Barnegat Light', type: 'Borough' });
    expect(townForShortForm('/ocean-golf-carts')).toMatchObject({ name: 'Ocean', type: 'Township' });
  });

  it('leaves a canonical path alone, even when it is also a short form', () => {
    expect(townForShortForm('/ocean-city-golf-carts')).toBeUndefined();
    expect(townForShortForm('/sea-isle-city-golf-carts')).toBeUndefined();
    expect(townForShortForm('/toms-river-township-golf-carts')).toBeUndefined();
  });

  it('does not guess when several towns share the short form', () => {
    const candidates = [town('Washington', 'Township'), town('Washington', 'Borough'), town('Bay Head', 'Borough')];
    expect(townForShortForm('/washington-golf-carts', candidates)).toBeUndefined();
    expect(townForShortForm('/bay-head-golf-carts', candidates)).toMatchObject({ name: 'Bay Head' });
  });

  it('finds nothing for a town without a page or a path of another shape', () => {
    expect(townForShortForm('/atlantic-city-golf-carts')).toBeUndefined();
    expect(townForShortForm('/toms-river')).toBeUndefined();
    expect(townForShortForm('/golf-carts')).toBeUndefined();
    expect(townForShortForm('/')).toBeUndefined();
  });
});
