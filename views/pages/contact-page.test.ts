import { RouterContextProvider, type LoaderFunctionArgs } from 'react-router';
import { describe, expect, test } from 'vitest';
import { catalogContext } from '../../src/route-context/route-context';
import { recordingCatalog, SHIPPED_VEHICLES } from '../../test/support/recording-catalog';
import { contactPage } from './contact-page';

/** The contact page's loader for this address, reading the catalog through `catalog`. */
async function prefilled(path: string, catalog = recordingCatalog()) {
  const context = new RouterContextProvider();
  context.set(catalogContext, catalog);
  const args = { request: new Request(`http://localhost${path}`), params: {}, context } as unknown as LoaderFunctionArgs;
  const data = (await contactPage.loader!(args)) as { initial: { message: string } };
  return { message: data.initial.message, calls: catalog.calls };
}

describe('the contact page prefilled for a vehicle', () => {
  test('asks the catalog for the one vehicle the link names, never for the whole list', async () => {
    expect(await prefilled('/contact?interest=sales&topic=quote&vehicle=denago-ev-city')).toEqual({
      message: "I'd like a quote for the DENAGO EV City.",
      calls: ['findVehicleBySlug'],
    });
    const maverick = SHIPPED_VEHICLES.find((vehicle) => vehicle.slug === 'evolution-d5-maverick-4')!;
    expect(await prefilled(`/contact?interest=sales&topic=test+drive&vehicle=${maverick.id}`)).toEqual({
      message: "I'd like to schedule a test drive of the EVOLUTION D5 Maverick 4.",
      calls: ['findVehicle'],
    });
  });

  test('a link naming the vehicle, as model entry pages used to write them, still finds it in one lookup', async () => {
    expect(await prefilled('/contact?interest=sales&topic=quote&vehicle=EVOLUTION+D5+Ranger+2%2B2+Plus')).toEqual({
      message: "I'd like a quote for the EVOLUTION D5 Ranger 2+2 Plus.",
      calls: ['findVehicleBySlug'],
    });
  });

  test('a vehicle the catalog does not hold keeps the wording of the link', async () => {
    expect(await prefilled('/contact?interest=sales&topic=quote&vehicle=Golf+Cart+Deluxe')).toEqual({
      message: "I'd like a quote for the Golf Cart Deluxe.",
      calls: ['findVehicleBySlug'],
    });
  });

  test('a link without a vehicle does not read the catalog', async () => {
    expect((await prefilled('/contact?interest=general&topic=rental&plan=6-seater-weekly')).calls).toEqual([]);
  });
});
