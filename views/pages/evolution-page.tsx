import { Suspense } from 'react';
import { Await, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { SiteLink } from '../components/site-link';
import { evolutionPage as content } from '../../seeds/brand-pages';
import type { Vehicle } from '../../src/catalog/vehicle';
import { contactPath } from '../../src/contact/contact-path';
import { formatPrice } from '../../src/catalog/format-price';
import { brandPageList, type BrandVehicle } from '../../src/catalog/brand-page-list';
import { loadVehicleList, type VehicleListData } from '../../src/catalog/vehicle-list-loader';
import { catalogContext } from '../../src/route-context/route-context';
import { ButtonLink } from '../components/button-link';
import { Card } from '../components/card';
import { Icon } from '../components/icon';
import { Section } from '../components/section';
import { AwaitVehicles } from '../components/await-vehicles';
import { BrandVehicleGrid } from '../components/brand-vehicle-grid';
import { VEHICLE_GRID_CLASSES, VEHICLE_IMAGE_SIZE } from '../components/vehicle-card';
import type { PageModule } from './page-module';
import { BrandHero } from '../components/brand-hero';
import { brandPageHead } from '../../src/head/brand-page-head';
import { FeatureCard } from '../components/feature-card';

/** The grid's first vehicles, how many there are, and each featured model's price label (from all of them). */
type EvolutionData = VehicleListData<{ vehicles: BrandVehicle[]; total: number; prices: string[] }>;
type FeaturedModel = (typeof content.featured)[number];

async function evolutionLoader({ context }: LoaderFunctionArgs) {
  const catalog = context.get(catalogContext);
  return loadVehicleList(
    async () => {
      const vehicles = await catalog.listVehiclesByBrand('evolution');
      return { ...brandPageList(vehicles), prices: content.featured.map((model) => featuredPriceLabel(model, vehicles)) };
    },
    { empty: { vehicles: [], total: 0, prices: [] } },
  );
}

/**
 * A featured card's price, from the catalog so it never contradicts the model pages: a series
 * starts at its lowest priced model; unpriced models are quoted on request.
 */
export function featuredPriceLabel(model: { slugPrefix: string }, vehicles: readonly Pick<Vehicle, 'slug' | 'price'>[]): string {
  const members = vehicles.filter((vehicle) => vehicle.slug.startsWith(model.slugPrefix));
  const prices = members.flatMap((vehicle) => (vehicle.price === null ? [] : [vehicle.price]));
  if (prices.length === 0) return formatPrice(null);
  const lowest = Math.min(...prices);
  return members.length > 1 ? `Starting at ${formatPrice(lowest)}` : formatPrice(lowest);
}

function PriceSkeleton() {
  return (
    <>
      <span className="inline-block h-7 w-44 animate-pulse rounded bg-ink-200 align-middle" aria-hidden="true" />
      <span className="sr-only">Loading price…</span>
    </>
  );
}

function FeaturedModelCard({ model, index, list, loadError }: { model: FeaturedModel; index: number; list: EvolutionData['vehicles']; loadError: string | null }) {
  const link =
    model.link === 'inventory'
      ? { to: '/inventory', label: 'View in Inventory' }
      : { to: contactPath({ interest: 'sales', topic: 'quote', vehicle: `EVOLUTION ${model.title}` }), label: 'Request a Quote' };
  return (
    <Card as="li" className="flex flex-col overflow-hidden">
      <div className="bg-gradient-to-b from-brand-50 to-sand-50">
        <img
          src={model.image}
          alt=""
          width={VEHICLE_IMAGE_SIZE.width}
          height={VEHICLE_IMAGE_SIZE.height}
          loading="lazy"
          className="mx-auto aspect-[8/5] h-auto w-full max-w-md object-contain p-4"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-xl font-bold text-ink-900">{model.title}</h3>
        <p className="mt-2 text-ink-600">{model.text}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-4 pt-5">
          <p className="text-2xl font-extrabold text-brand-800">
            {loadError ? (
              formatPrice(null)
            ) : (
              <Suspense fallback={<PriceSkeleton />}>
                <Await resolve={list} errorElement={formatPrice(null)}>
                  {(loaded: Awaited<EvolutionData['vehicles']>) => loaded.prices[index] ?? formatPrice(null)}
                </Await>
              </Suspense>
            )}
          </p>
          <ButtonLink to={link.to} variant="secondary">
            {link.label}
            <Icon name="arrowRight" className="size-4" />
          </ButtonLink>
        </div>
      </div>
    </Card>
  );
}

function EvolutionGrid({ vehicles, total }: { vehicles: BrandVehicle[]; total: number }) {
  if (vehicles.length === 0) {
    return (
      <Card className="flex flex-col items-start gap-4 p-6 sm:p-8">
        <p className="text-lg text-ink-800">{content.inventory.empty}</p>
        <ButtonLink to={contactPath({ interest: 'sales', topic: 'EVOLUTION availability' })} icon="mail">
          Contact Us
        </ButtonLink>
      </Card>
    );
  }
  return (
    <BrandVehicleGrid
      brand="evolution"
      label="EVOLUTION"
      vehicles={vehicles}
      total={total}
      badge={(vehicle) => (vehicle.inStock ? { label: 'Available', tone: 'success' } : { label: 'Contact Us', tone: 'warning' })}
    />
  );
}

function EvolutionPage() {
  const data = useLoaderData() as EvolutionData;
  return (
    <>
      <BrandHero copy={content.hero} jumpTo="#evolution-inventory" jumpLabel="See Current Inventory" />

      <Section id="model-categories" title="Model Categories" intro="Three families for three kinds of days.">
        <ul className="grid gap-6 md:grid-cols-3">
          {content.categories.map((category) => (
            <FeatureCard
              key={category.title}
              icon={category.icon}
              className="relative"
              title={
                <SiteLink
                  to={`/inventory?brand=evolution&category=${category.category}`}
                  className="after:absolute after:inset-0 after:rounded-[var(--radius-card)] after:content-['']"
                >
                  {category.title}
                </SiteLink>
              }
            >
              <p className="mt-1 font-semibold text-brand-700">{category.tagline}</p>
              <p className="mt-2 text-ink-600">{category.text}</p>
            </FeatureCard>
          ))}
        </ul>
      </Section>

      <Section tone="sand" id="featured-models" title="Featured Models">
        <ul className="grid gap-6 lg:grid-cols-2">
          {content.featured.map((model, index) => (
            <FeaturedModelCard key={model.title} model={model} index={index} list={data.vehicles} loadError={data.loadError} />
          ))}
        </ul>
      </Section>

      <Section id="evolution-inventory" title={content.inventory.title} intro={content.inventory.intro}>
        <AwaitVehicles list={data} loadingLabel="Loading EVOLUTION inventory…" skeletonClassName={VEHICLE_GRID_CLASSES}>
          {(list) => <EvolutionGrid {...list} />}
        </AwaitVehicles>
      </Section>
    </>
  );
}

export const evolutionPage: PageModule<EvolutionData> = {
  Component: EvolutionPage,
  loader: evolutionLoader,
  handle: {
    head: brandPageHead({
      label: 'EVOLUTION',
      listName: 'EVOLUTION inventory',
      path: '/evolution',
      title: 'EVOLUTION Electric Golf Carts & Utility Vehicles',
      description: 'New EVOLUTION golf carts on the New Jersey shore: D5 Ranger and Maverick, D6 Max, Forester 4X4 and Turfman utility models, in stock now.',
      keywords: ['EVOLUTION golf cart', 'EVOLUTION D6 Max', 'EVOLUTION dealer NJ', 'Forester golf cart', 'Turfman utility vehicle', 'lifted golf cart'],
    }),
  },
};
