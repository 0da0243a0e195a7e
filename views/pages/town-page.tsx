import { data, useLoaderData, type LoaderFunctionArgs, type RouterContextProvider } from 'react-router';
import { SiteLink } from '../components/site-link';
import { whyChooseUs } from '../../seeds/brands';
import type { Town } from '../../seeds/towns';
import type { Vehicle } from '../../src/catalog/vehicle';
import { contactPath } from '../../src/contact/contact-path';
import { formatPrice } from '../../src/catalog/format-price';
import { DEFAULT_INVENTORY_FILTERS } from '../../src/catalog/inventory-query';
import { mapEmbedUrl } from '../../src/towns/town-map-url';
import { townPath } from '../../src/towns/town-path';
import { vehiclePath } from '../../src/catalog/vehicle-path';
import { yearsInBusiness } from '../../src/business/years-in-business';
import { catalogContext } from '../../src/route-context/route-context';
import { BrandGrid } from '../components/brand-grid';
import { ButtonLink } from '../components/button-link';
import { Card } from '../components/card';
import { HoursList } from '../components/hours-list';
import { Icon } from '../components/icon';
import { PointGrid } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { VehicleCard } from '../components/vehicle-card';
import { useBusiness, useRenderYear, usePromotions } from '../hooks/use-business';
import { notFoundPage } from './not-found-page';
import { deferredHydration } from '../layout/deferred-hydration';
import type { PageModule } from './page-module';
import type { TownPageCopy } from './town-page-copy';
import { CheckList } from '../components/check-list';

// The dealer's offers: text, hydrated after the page (deferred-hydration.tsx), so their code is in no page's first JavaScript.
const PromotionBand = deferredHydration(() => import('../components/promotion-band').then((module) => module.PromotionBand));

// Its frame loads as the visitor scrolls near it; the code that does so loads after the page (deferred-hydration.tsx).
const MapEmbed = deferredHydration(() => import('../components/map-embed').then((module) => module.MapEmbed));

/** How many catalog vehicles a town page shows. */
const POPULAR_COUNT = 3;

type PopularVehicle = Pick<Vehicle, 'id' | 'name' | 'description' | 'price'> & { path: string; image?: string };

/** A town page, or null when the path names no town (the not-found page, status 404). */
type TownData = { town: Town; copy: TownPageCopy; popular: PopularVehicle[] } | { town: null; copy: null; popular: [] };

/** Where the copy speaks of the business's age; the page fills in the figure its business profile gives. */
const YEARS = '{years}';

/** The copy with the business's age written in ('16+'). */
function withYears(copy: TownPageCopy, years: string): TownPageCopy {
  const fill = (text: string) => text.replaceAll(YEARS, years);
  return { ...copy, whyPoints: copy.whyPoints.map((point) => ({ ...point, title: fill(point.title), text: fill(point.text) })) };
}

async function popularVehicles(context: Readonly<RouterContextProvider>): Promise<PopularVehicle[]> {
  try {
    // The first models of the inventory's first page: the page reads those, not the catalog.
    const { vehicles } = await context.get(catalogContext).findInventoryPage({ filters: DEFAULT_INVENTORY_FILTERS, page: 1 });
    return vehicles.slice(0, POPULAR_COUNT).map((vehicle) => ({
      id: vehicle.id,
      name: vehicle.name,
      description: vehicle.description,
      price: vehicle.price,
      path: vehiclePath(vehicle),
      image: vehicle.images[0],
    }));
  } catch {
    // The popular models are a bonus: without the catalog the page still serves the town.
    return [];
  }
}

/**
 * This route matches every one-segment path the route table has no other page for, since a route
 * path cannot hold a parameter inside a segment ('/:town-golf-carts'). Only a town's canonical
 * path is a town page; anything else is the not-found page.
 */
async function townLoader({ request, context }: LoaderFunctionArgs) {
  // The 49 towns and their copy load with the loader (in the browser, a chunk needed only for a
  // client-side navigation), not with the page's code: the one town's words travel in its data.
  const [{ townByPath }, { townPageCopy }] = await Promise.all([import('../../src/towns/town-by-path'), import('./town-page-copy')]);
  const town = townByPath(new URL(request.url).pathname) ?? null;
  if (!town) return data<TownData>({ town: null, copy: null, popular: [] }, { status: 404 });
  return { town, copy: townPageCopy(town, YEARS), popular: await popularVehicles(context) } satisfies TownData;
}

function TownPage() {
  const loaded = useLoaderData() as TownData;
  if (!loaded.town) return <notFoundPage.Component />;
  return <TownLandingPage town={loaded.town} copy={loaded.copy} popular={loaded.popular} />;
}

function TownLandingPage({ town, copy: written, popular }: { town: Town; copy: TownPageCopy; popular: PopularVehicle[] }) {
  const business = useBusiness();
  const copy = withYears(written, yearsInBusiness(business.foundedYear, useRenderYear()));
  return (
    <>
      <PageHero
        eyebrow={`${copy.county}, New Jersey`}
        title={copy.heading}
        actions={
          <>
            <ButtonLink to="/inventory" variant="call" size="lg">
              Shop Golf Carts
              <Icon name="arrowRight" className="size-4" />
            </ButtonLink>
            <ButtonLink to={contactPath(copy.quote)} variant="outline-light" size="lg">
              Get Free Quote
            </ButtonLink>
          </>
        }
      >
        <p>{copy.pitch}</p>
      </PageHero>
      <PromotionBand promotions={usePromotions()} place="towns" />

      <section aria-label="What we offer" className="border-b border-ink-200 bg-white">
        <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-4 px-4 py-8 sm:px-6 lg:grid-cols-4">
          {whyChooseUs.map((point) => (
            <li key={point.title} className="flex items-center gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon name={point.icon} className="size-5" />
              </span>
              <span className="font-semibold text-ink-900">{point.title}</span>
            </li>
          ))}
        </ul>
      </section>

      <Section title={copy.localTitle} id="local">
        <div className="grid gap-10 lg:grid-cols-[1.6fr_1fr]">
          <div className="space-y-4 text-lg text-ink-700">
            {copy.localParagraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          {copy.neighbors.length > 0 ? (
            <nav aria-labelledby="nearby-heading" className="self-start rounded-2xl bg-sand-50 p-6 ring-1 ring-sand-200">
              <h3 id="nearby-heading" className="font-bold text-ink-900">
                Also serving nearby
              </h3>
              <ul className="mt-3 space-y-2">
                {copy.neighbors.map((neighbor) => (
                  <li key={neighbor.path}>
                    <SiteLink to={neighbor.path} className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">
                      <Icon name="pin" className="size-4" />
                      {neighbor.label}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </Section>

      <Section tone="sand" title="Brands We Carry" intro={copy.brandsNote} id="brands">
        <BrandGrid />
        <CheckList
          items={['Factory warranty', 'Genuine parts', 'Certified service']}
          size="sm"
          className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold text-ink-700"
        />
      </Section>

      {popular.length > 0 ? (
        <Section title={copy.popularTitle} intro={copy.popularIntro} id="popular">
          <ul className="grid gap-6 md:grid-cols-3">
            {popular.map((vehicle) => (
              <li key={vehicle.id}>
                <VehicleCard href={vehicle.path} name={vehicle.name} image={vehicle.image} priceLabel={formatPrice(vehicle.price)} description={vehicle.description} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section tone={popular.length > 0 ? 'sand' : 'white'} title={copy.contactTitle} intro={copy.contactText} id="contact">
        <div className="grid gap-8 lg:grid-cols-[1fr_2fr]">
          <Card className="self-start p-6">
            <a href={business.phoneHref} className="inline-flex items-center gap-3 text-xl font-bold text-brand-700 hover:underline">
              <Icon name="phone" className="size-5" />
              {business.phone}
            </a>
            <h3 className="mt-6 text-sm font-bold uppercase tracking-wider text-ink-700">Showroom hours</h3>
            <HoursList week={business.hours} layout="divided" className="mt-2" />
            <div className="mt-6 flex flex-col gap-3">
              <ButtonLink to={business.phoneHref} variant="call" icon="phone">
                Call Now
              </ButtonLink>
              <ButtonLink to="/showroom" variant="secondary">
                Find a Showroom
              </ButtonLink>
            </div>
          </Card>
          <MapEmbed key={copy.fullName} src={mapEmbedUrl(town)} title={`Map of ${copy.fullName}, New Jersey`} />
        </div>
      </Section>

      <Section tone={popular.length > 0 ? 'white' : 'sand'} title={copy.whyTitle} id="why-us">
        <PointGrid points={copy.whyPoints} />
        <div className="mt-8">
          <ButtonLink to={contactPath(copy.service)} size="lg" icon="calendar">
            Schedule Service
          </ButtonLink>
        </div>
      </Section>

      <Section tone="brand" id="quote">
        <div className="flex flex-col gap-8 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="quote-heading" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
              {copy.closingTitle}
            </h2>
            <p className="mt-3 text-lg text-brand-100">{copy.closingText}</p>
            <p className="mt-4 flex gap-2 text-brand-100">
              <Icon name="truck" className="mt-0.5 size-5 text-sun-300" />
              {copy.deliveryNote}
            </p>
          </div>
          <div className="flex shrink-0 flex-col gap-3">
            <ButtonLink to={contactPath(copy.quote)} variant="call" size="lg">
              Request a Free Quote
            </ButtonLink>
            <ButtonLink to={business.phoneHref} variant="outline-light" size="lg" icon="phone">
              {business.phone}
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}

export const townPage: PageModule<TownData> = {
  Component: TownPage,
  loader: townLoader,
  handle: {
    head: (args) => {
      const { town, copy } = args.data;
      if (!town) return notFoundPage.handle.head!({ ...args, data: null });
      return {
        title: copy.seoTitle,
        description: copy.seoDescription,
        canonicalPath: townPath(town),
        keywords: copy.keywords,
        jsonLd: args.structuredData?.townPage(town, args.business) ?? [],
      };
    },
  },
};
