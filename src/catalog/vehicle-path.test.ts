import { describe, expect, it } from 'vitest';
import { modelPages } from '../../seeds/model-pages';
import { modelPageSlugs } from '../../seeds/model-page-slugs';
import { vehiclePath } from './vehicle-path';

describe('vehiclePath', () => {
  it('links a model with a fixed page to /vehicles/{slug}', () => {
    expect(vehiclePath({ id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', slug: 'denago-ev-city' })).toBe('/vehicles/denago-ev-city');
  });

  it('links any other vehicle to its model entry page by id', () => {
    expect(vehiclePath({ id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', slug: 'used-club-car-onward' })).toBe('/vehicle/1b4e28ba-2fa1-41d2-883f-0016d3cca427');
  });

  it('knows exactly the models that have a page', () => {
    expect([...modelPageSlugs].sort()).toEqual(modelPages.map((page) => page.slug).sort());
  });
});
