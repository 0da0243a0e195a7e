import { Suspense, useEffect } from 'react';
import { Await, data, redirect, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import type { BusinessProfile } from '../../src/config/business-profile';
import type { Vehicle } from '../../src/catalog/vehicle';
import type { PageHead } from '../../src/head/page-head';
import { contactPath } from '../../src/contact/contact-path';
import { shortenText } from '../../src/text/shorten-text';
import { vehiclePath } from '../../src/catalog/vehicle-path';
import { handedToPage, loadsInBrowser, type Deferrable } from '../../src/catalog/vehicle-list-loader';
import { catalogContext } from '../../src/route-context/route-context';
import { Badge, type BadgeTone } from '../components/badge';
import { ButtonLink } from '../components/button-link';
import { ActionPair } from '../components/call-button';
import { CtaBanner } from '../components/call-to-action';
import { Card } from '../components/card';
import { SpecificationList } from '../components/specification-list';
import { specificationRows } from '../../src/catalog/specification-rows';
import { PLACEHOLDER_IMAGE, VEHICLE_IMAGE_SIZE } from '../components/vehicle-card';
import { useBusiness } from '../hooks/use-business';
import { VehicleNotFound, vehicleNotFoundHead } from '../components/vehicle-not-found';
import type { PageModule } from './page-module';
import { CheckList } from '../components/check-list';
import { VehiclePageTop } from '../components/vehicle-page-top';
import { FactTile } from '../components/fact-tile';
import type { StructuredData } from '../../src/head/structured-data';
import { isVehicleId } from '../../src/catalog/vehicle-key';
import { brandLabel } from '../../src/catalog/brand-label';

interface ModelEntryData {
  /** The vehicle, null when no vehicle has the id; pending during a client-side navigation. */
  vehicle: Deferrable<Vehicle | null>;
}

async function modelEntryLoader({ params, context }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  if (!isVehicleId(id)) return data({ vehicle: null } satisfies ModelEntryData, { status: 404 });
  const found = context.get(catalogContext).findVehicle(id);
  if (loadsInBrowser()) return { vehicle: handedToPage(found) } satisfies ModelEntryData;
  const vehicle = await found;
  // A unit of the dealer's feed has its own page under the inventory.
  if (vehicle?.unit) throw redirect(vehiclePath(vehicle), 301);
  return vehicle ? ({ vehicle } satisfies ModelEntryData) : data({ vehicle: null } satisfies ModelEntryData, { status: 404 });
}

/** The badge (docs/product.md#vehicles): NEW first, then whether it is on the lot. */
function vehicleBadge(vehicle: Pick<Vehicle, 'isNew' | 'inStock'>): { label: string; tone: BadgeTone } {
  if (vehicle.isNew) return { label: 'NEW', tone: 'new' };
  if (vehicle.inStock) return { label: 'In Stock', tone: 'success' };
  return { label: 'Out of Stock', tone: 'neutral' };
}

function ModelEntrySkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6" data-testid="vehicle-detail-skeleton">
      <p role="status" className="sr-only">
        Loading vehicle…
      </p>
      <div aria-hidden="true" className="animate-pulse">
        <div className="h-5 w-40 rounded bg-ink-200" />
        <div className="mt-8 grid gap-10 lg:grid-cols-2">
          <div className="aspect-[8/5] w-full rounded-[var(--radius-card)] bg-ink-100" />
          <div className="space-y-4">
            <div className="h-6 w-16 rounded-full bg-sun-200" />
            <div className="h-10 w-3/4 rounded bg-ink-200" />
            <div className="h-8 w-1/3 rounded bg-ink-200" />
            {['w-full', 'w-full', 'w-2/3'].map((width, line) => (
              <div key={line} className={`h-4 ${width} rounded bg-ink-100`} />
            ))}
            <div className="flex gap-3 pt-4">
              <div className="h-12 w-44 rounded-full bg-ink-200" />
              <div className="h-12 w-44 rounded-full bg-ink-100" />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

function ModelEntry({ vehicle, arrivedLater }: { vehicle: Vehicle; arrivedLater: boolean }) {
  const business = useBusiness();
  const badge = vehicleBadge(vehicle);
  const canonical = vehiclePath(vehicle);
  const prefill = (topic: string) => contactPath({ interest: 'sales', topic, vehicle: vehicle.slug });

  // The head was written before a client-side navigation's data arrived; name the tab now.
  useEffect(() => {
    if (arrivedLater) document.title = `${modelEntryHead(vehicle, business).title} | ${business.name}`;
  }, [arrivedLater, vehicle, business]);

  return (
    <>
      <VehiclePageTop
        picture={
          <div className="overflow-hidden rounded-[var(--radius-card)] bg-gradient-to-b from-brand-50 to-white ring-1 ring-ink-200/70">
            <img
              src={vehicle.images[0] ?? PLACEHOLDER_IMAGE}
              alt={vehicle.images[0] ? `${vehicle.name}, side view` : ''}
              width={VEHICLE_IMAGE_SIZE.width}
              height={VEHICLE_IMAGE_SIZE.height}
              fetchPriority="high"
              className="aspect-[8/5] h-auto w-full object-contain p-6"
            />
          </div>
        }
        badges={<Badge tone={badge.tone}>{badge.label}</Badge>}
        name={vehicle.name}
        price={vehicle.price}
        more={canonical !== `/vehicle/${vehicle.id}` ? { to: canonical, label: `Full ${vehicle.name} overview` } : undefined}
      >
        <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
          <FactTile label="Seats" icon="users">
            {vehicle.specifications.seatingCapacity}
          </FactTile>
          <FactTile label="Brand" icon="star">
            {brandLabel(vehicle)}
          </FactTile>
          {vehicle.year ? (
            <FactTile label="Model Year" icon="calendar">
              {vehicle.year}
            </FactTile>
          ) : null}
        </dl>
        <p className="mt-5 text-lg text-ink-700">{vehicle.description}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to={prefill('test drive')} size="lg" icon="calendar">
            Schedule Test Drive
          </ButtonLink>
          <ButtonLink to={prefill('financing quote')} variant="secondary" size="lg" icon="percent">
            Get Financing Quote
          </ButtonLink>
        </div>
      </VehiclePageTop>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 sm:px-6 lg:grid-cols-2">
        <Card as="section" className="p-6 sm:p-8">
          <h2 className="text-2xl font-bold tracking-tight text-ink-900">Features</h2>
          {vehicle.features.length > 0 ? (
            <CheckList items={vehicle.features} className="mt-5 space-y-3 text-ink-700" />
          ) : (
            <p className="mt-5 text-ink-600">Ask our sales team for this model's full feature list.</p>
          )}
        </Card>
        <Card as="section" className="p-6 sm:p-8">
          <h2 className="text-2xl font-bold tracking-tight text-ink-900">Specifications</h2>
          <SpecificationList rows={specificationRows(vehicle.specifications)} className="mt-3" />
        </Card>
      </div>

      <CtaBanner
        id="interested"
        title="Interested in this vehicle?"
        actions={
          <ActionPair
            primary={{ to: prefill('availability'), label: 'Contact Sales Team', icon: 'mail' }}
            secondary={{ to: '/inventory', label: 'View More Vehicles' }}
          />
        }
      >
        Ask about availability, colors and delivery, or call {business.phone}. We answer within 24 hours.
      </CtaBanner>
    </>
  );
}

function ModelEntryPage() {
  const { vehicle } = useLoaderData() as ModelEntryData;
  const { id } = useParams();
  const arrivedLater = vehicle instanceof Promise;
  return (
    // A new id starts a new boundary, so moving between vehicles shows the skeleton, not the last one.
    <Suspense key={id} fallback={<ModelEntrySkeleton />}>
      <Await resolve={vehicle} errorElement={<VehicleNotFound />}>
        {(found) => (found ? <ModelEntry vehicle={found} arrivedLater={arrivedLater} /> : <VehicleNotFound />)}
      </Await>
    </Suspense>
  );
}

function modelEntryHead(vehicle: Vehicle, business: BusinessProfile, structuredData: StructuredData | null = null): PageHead {
  return {
    title: `${vehicle.name} for Sale`,
    // About what search results show of a description.
    description: shortenText(vehicle.description, 155),
    // Models with a fixed page are indexed there; this page points crawlers to it.
    canonicalPath: vehiclePath(vehicle),
    keywords: [vehicle.name, `${brandLabel(vehicle)} golf cart`, 'golf cart for sale NJ', 'electric golf cart'],
    jsonLd: structuredData?.vehiclePage(vehicle, business) ?? [],
  };
}

export const modelEntryPage: PageModule<ModelEntryData> = {
  Component: ModelEntryPage,
  loader: modelEntryLoader,
  handle: {
    head: ({ data, params, business, structuredData }) => {
      const vehicle = data?.vehicle;
      if (vehicle instanceof Promise) {
        return { title: 'Vehicle Details', description: 'Golf cart details, features and specifications.', canonicalPath: `/vehicle/${params.id}` };
      }
      if (!vehicle) {
        return vehicleNotFoundHead;
      }
      return modelEntryHead(vehicle, business, structuredData);
    },
  },
};
