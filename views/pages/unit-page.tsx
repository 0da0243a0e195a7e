import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { InventoryVehicle } from '../../src/catalog/inventory-listing';
import { similarVehicles } from '../../src/catalog/similar-vehicles';
import { unitPageOutcome } from '../../src/catalog/unit-page-outcome';
import type { UnitDetails, Vehicle } from '../../src/catalog/vehicle';
import { brandLabel } from '../../src/catalog/brand-label';
import { contactPath } from '../../src/contact/contact-path';
import { shortenText } from '../../src/text/shorten-text';
import { unitModelPage } from '../../src/catalog/unit-model-page';
import { vehiclePath } from '../../src/catalog/vehicle-path';
import { catalogContext, clockContext } from '../../src/route-context/route-context';
import { Badge } from '../components/badge';
import { ButtonLink } from '../components/button-link';
import { Card } from '../components/card';
import { UnitFacts } from '../components/unit-facts';
import { UnitGallery } from '../components/unit-gallery';
import { GALLERY_SIZES, srcSetOf } from '../components/unit-picture';
import { CatalogVehicleCard, VEHICLE_GRID_CLASSES } from '../components/vehicle-card';
import { VehicleNotFound, vehicleNotFoundHead } from '../components/vehicle-not-found';
import { useBusiness } from '../hooks/use-business';
import type { PageModule } from './page-module';
import { CheckList } from '../components/check-list';
import { VehiclePageTop } from '../components/vehicle-page-top';

type Unit = Vehicle & { unit: UnitDetails };

/** A unit for sale or held; a sold one with what the lot has instead; or nothing (404). */
type UnitPageData = { unit: Unit; similar?: undefined } | { unit: Unit; similar: InventoryVehicle[] } | { unit: null };

/**
 * /inventory/:slug, one cart of the dealer's feed. For sale or held: 200. Sold: 410 with similar
 * carts for 30 days, then 301 to its model's page when the site has one, else 404 (unit-page-status.ts).
 */
async function unitPageLoader({ params, context }: LoaderFunctionArgs) {
  const catalog = context.get(catalogContext);
  const vehicle = await catalog.findVehicleBySlug(params.slug ?? '');
  if (!vehicle?.unit) return data({ unit: null } satisfies UnitPageData, { status: 404 });
  const unit = vehicle as Unit;
  const modelPage = unitModelPage(unit);
  switch (unitPageOutcome(unit.unit, context.get(clockContext)(), { hasModelPage: modelPage !== undefined })) {
    case 'show':
      return { unit } satisfies UnitPageData;
    case 'gone':
      return data({ unit, similar: await similarVehicles(catalog, unit) } satisfies UnitPageData, { status: 410 });
    case 'redirect-to-model':
      throw redirect(modelPage!, 301);
    default:
      return data({ unit: null } satisfies UnitPageData, { status: 404 });
  }
}

function UnitForSale({ vehicle }: { vehicle: Unit }) {
  const business = useBusiness();
  const { unit } = vehicle;
  const showroom = business.showrooms.find((candidate) => candidate.id === unit.location);
  const modelPage = unitModelPage(vehicle);
  return (
    <>
      <VehiclePageTop
        picture={<UnitGallery name={vehicle.name} photos={unit.photos} illustration={vehicle.images[0]} />}
        badges={
          <div className="flex flex-wrap gap-2">
            <Badge tone={unit.condition === 'new' ? 'new' : 'brand'}>{unit.condition}</Badge>
            {unit.status === 'pending' ? <Badge tone="warning">Sale Pending</Badge> : null}
          </div>
        }
        eyebrow={unit.brandName}
        name={vehicle.name}
        price={vehicle.price}
        more={modelPage ? { to: modelPage, label: `About the ${unit.brandName} ${unit.model}` } : undefined}
      >
        <div className="mt-5">
          <UnitFacts vehicle={vehicle} unit={unit} showroom={showroom} />
        </div>
        <p className="mt-5 text-lg text-ink-700">{vehicle.description}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to={contactPath({ interest: 'sales', topic: 'availability', vehicle: vehicle.slug })} size="lg" icon="mail">
            {`Ask about stock #${unit.stockNumber}`}
          </ButtonLink>
          <ButtonLink to={business.phoneHref} variant="secondary" size="lg" icon="phone">
            Call {business.phone}
          </ButtonLink>
        </div>
      </VehiclePageTop>
      {vehicle.features.length > 0 ? (
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <Card as="section" className="p-6 sm:p-8">
            <h2 className="text-2xl font-bold tracking-tight text-ink-900">Features</h2>
            <CheckList items={vehicle.features} className="mt-5 grid gap-3 text-ink-700 sm:grid-cols-2" />
          </Card>
        </div>
      ) : null}
    </>
  );
}

/** A sold unit's page, for 30 days: it says so and offers what is on the lot instead. */
function SoldUnit({ vehicle, similar }: { vehicle: Unit; similar: InventoryVehicle[] }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <Badge tone="neutral">Sold</Badge>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">The {vehicle.name} Has Been Sold</h1>
        <p className="mt-4 text-lg text-ink-600">{`Stock #${vehicle.unit.stockNumber} found a new home. Come see what is on our lot now.`}</p>
      </div>
      {similar.length > 0 ? (
        <>
          <h2 id="similar-heading" className="mt-12 text-2xl font-bold tracking-tight text-ink-900">
            Similar Carts for Sale
          </h2>
          <ul className={`${VEHICLE_GRID_CLASSES} mt-6`} aria-labelledby="similar-heading">
            {similar.map((other) => (
              <li key={other.id}>
                <CatalogVehicleCard vehicle={other} eyebrow={brandLabel(other)} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/inventory" size="lg">
          See the Whole Inventory
        </ButtonLink>
        <ButtonLink to={contactPath({ interest: 'sales', topic: 'inventory' })} variant="secondary" size="lg">
          Tell Us What You Need
        </ButtonLink>
      </div>
    </div>
  );
}

function UnitPage() {
  const page = useLoaderData() as UnitPageData;
  if (!page.unit) return <VehicleNotFound />;
  return page.similar ? <SoldUnit vehicle={page.unit} similar={page.similar} /> : <UnitForSale vehicle={page.unit} />;
}

export const unitPage: PageModule<UnitPageData> = {
  Component: UnitPage,
  loader: unitPageLoader,
  handle: {
    head: ({ data: page, business, structuredData }) => {
      if (!page?.unit) return vehicleNotFoundHead;
      const { unit } = page;
      if (page.similar) {
        return { title: `${unit.name} (Sold)`, description: `Stock #${unit.unit.stockNumber} has been sold. See similar golf carts for sale.`, canonicalPath: null };
      }
      const first = unit.unit.photos[0];
      return {
        title: `${unit.name} for Sale, Stock #${unit.unit.stockNumber}`,
        description: shortenText(unit.description, 155),
        canonicalPath: vehiclePath(unit),
        keywords: [unit.name, `used ${unit.unit.brandName} golf cart`, 'used golf carts NJ'],
        jsonLd: structuredData?.unitPage(unit, business) ?? [],
        ...(first ? { preloadImage: { type: 'image/avif', srcSet: srcSetOf(first.sources.avif), sizes: GALLERY_SIZES } } : {}),
      };
    },
  },
};
