import { describe, expect, it } from 'vitest';
import { sortVehicles } from './catalog-order';

const cart = (slug: string, brand: string, price: number | null, name = slug) => ({ slug, brand, price, name });

describe('sortVehicles', () => {
  it('lists DENAGO before EVOLUTION whatever the prices', () => {
    const order = sortVehicles([cart('evo-cheap', 'evolution', 5_000), cart('denago-dear', 'denago', 20_000)]);
    expect(order.map((vehicle) => vehicle.slug)).toEqual(['denago-dear', 'evo-cheap']);
  });

  it('lists the used units of other brands after the house brands, brand by brand A-Z', () => {
    const order = sortVehicles([
      cart('tomberlin-unit', 'tomberlin', 9_000),
      cart('club-car-unit', 'club-car', 12_000),
      cart('evo-dear', 'evolution', 40_000),
      cart('denago-dear', 'denago', 30_000),
    ]);
    expect(order.map((vehicle) => vehicle.slug)).toEqual(['denago-dear', 'evo-dear', 'club-car-unit', 'tomberlin-unit']);
  });

  it('orders a brand by price, cheapest first', () => {
    const order = sortVehicles([cart('b', 'evolution', 16_995), cart('a', 'evolution', 9_995), cart('c', 'evolution', 12_995)]);
    expect(order.map((vehicle) => vehicle.price)).toEqual([9_995, 12_995, 16_995]);
  });

  it('puts vehicles without a price after the priced ones of their brand', () => {
    const order = sortVehicles([
      cart('evo-quote', 'evolution', null),
      cart('denago-quote', 'denago', null),
      cart('evo-priced', 'evolution', 30_000),
      cart('denago-priced', 'denago', 11_995),
    ]);
    expect(order.map((vehicle) => vehicle.slug)).toEqual(['denago-priced', 'denago-quote', 'evo-priced', 'evo-quote']);
  });

  it('breaks equal prices by name, reading numbers as numbers', () => {
    const order = sortVehicles([
      cart('x', 'evolution', 10_000, 'Carrier 8 Plus'),
      cart('y', 'evolution', 10_000, 'Carrier 6 Plus'),
      cart('z', 'evolution', null, 'Classic 4 Plus'),
      cart('w', 'evolution', null, 'Classic 22 Plus'),
    ]);
    expect(order.map((vehicle) => vehicle.name)).toEqual(['Carrier 6 Plus', 'Carrier 8 Plus', 'Classic 4 Plus', 'Classic 22 Plus']);
  });

  it('gives the same order whatever order the vehicles arrive in', () => {
    const vehicles = [cart('b', 'denago', null, 'Same'), cart('a', 'denago', null, 'Same'), cart('c', 'evolution', 1, 'One')];
    expect(sortVehicles(vehicles)).toEqual(sortVehicles([...vehicles].reverse()));
    expect(sortVehicles(vehicles).map((vehicle) => vehicle.slug)).toEqual(['a', 'b', 'c']);
  });

  it('leaves the given list as it was', () => {
    const vehicles = [cart('b', 'evolution', 2), cart('a', 'denago', 1)];
    sortVehicles(vehicles);
    expect(vehicles.map((vehicle) => vehicle.slug)).toEqual(['b', 'a']);
  });
});
