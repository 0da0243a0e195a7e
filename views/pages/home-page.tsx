import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { whyChooseUs } from '../../seeds/brands';
import { featuredVehicles } from '../../seeds/featured-vehicles';
import type { Vehicle } from '../../src/catalog/vehicle';
import { capitalize, countInWords, showroomSummary } from '../../src/business/showroom-summary';
import { hoursRows } from '../../src/business/week-hours';
import { formatPrice } from '../../src/catalog/format-price';
import { yearsInBusiness } from '../../src/business/years-in-business';
import { catalogContext } from '../../src/route-context/route-context';
import { BrandGrid } from '../components/brand-grid';
import { ButtonLink } from '../components/button-link';
import { ActionPair } from '../components/call-button';
import { CtaCard } from '../components/call-to-action';
import { IconLine } from '../components/icon-line';
import { PointGrid } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { Section, SectionHeading } from '../components/section';
import { StatGrid } from '../components/stat-grid';
import { VEHICLE_IMAGE_SIZE, VehicleCard } from '../components/vehicle-card';
import { useBusiness, useRenderYear, usePromotions, useTownLinks } from '../hooks/use-business';
import { deferredHydration } from '../layout/deferred-hydration';
import type { PageModule } from './page-module';

// The dealer's offers: text, hydrated after the page (deferred-hydration.tsx), so their code is in no page's first JavaScript.
const PromotionBand = deferredHydration(() => import('../components/promotion-band').then((module) => module.PromotionBand));

// Its frame loads as the visitor scrolls near it; the code that does so loads after the page (deferred-hydration.tsx).
const MapEmbed = deferredHydration(() => import('../components/map-embed').then((module) => module.MapEmbed));

// Cards of text and links (the showrooms, the Cape May towns), far down the page: hydrated after it (deferred-hydration.tsx).
const ShowroomList = deferredHydration(() => import('../components/showroom-list').then((module) => module.ShowroomList));
const LinkTiles = deferredHydration(() => import('../components/link-tiles').then((module) => module.LinkTiles));

// The light bands below a phone's first screen are drawn only as the visitor nears them, each
// with a placeholder height at least its own at every width (measured on the built site from 320
// to 1920 px; app.css, rendered-when-near). Not the dark about band: axe reads an undrawn link's
// colour as the browser's default blue, which fails against it though the drawn link passes.
/** Brands: 384-564 px tall. */
const BRANDS_BAND_RENDERED_WHEN_NEAR = 'rendered-when-near-[40rem]';
/** Featured carts: one column below 768 px (at most 1978 px tall below 640 px, 2224 px below 768), then three (808 px). */
const FEATURED_BAND_RENDERED_WHEN_NEAR = 'rendered-when-near-[124rem] sm:rendered-when-near-[140rem] md:rendered-when-near-[52rem]';
/** The map: 694-726 px (its reserved 450 px and a heading). */
const MAP_BAND_RENDERED_WHEN_NEAR = 'rendered-when-near-[48rem]';
/** The Cape May towns: 576-1152 px (two tiles a row on phones). */
const TOWNS_BAND_RENDERED_WHEN_NEAR = 'rendered-when-near-[76rem]';
/** The showrooms: at most 2012 px tall below 640 px, 1364 px below 768, 1128 px below 1024, then 888 px. */
const SHOWROOMS_BAND_RENDERED_WHEN_NEAR = 'rendered-when-near-[126rem] sm:rendered-when-near-[86rem] md:rendered-when-near-[72rem] lg:rendered-when-near-[56rem]';

type FeaturedVehicle = Pick<Vehicle, 'id' | 'slug' | 'name' | 'brand' | 'price' | 'images' | 'description' | 'inStock'>;

/** Only what the page shows, so its data stays the same size however large the catalog grows. */
interface HomeData {
  /** The featured carts the catalog holds, in the featured order, with their catalog prices. */
  featured: FeaturedVehicle[];
  /** How many vehicles the catalog holds ("See all N models"). */
  total: number;
}

async function homeLoader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const catalog = context.get(catalogContext);
  const [vehicles, total] = await Promise.all([catalog.findVehiclesBySlug(featuredVehicles), catalog.countVehicles()]);
  const featured = featuredVehicles.flatMap((slug) => {
    const vehicle = vehicles.find((candidate) => candidate.slug === slug);
    return vehicle
      ? [
          {
            id: vehicle.id,
            slug,
            name: vehicle.name,
            brand: vehicle.brand,
            price: vehicle.price,
            images: vehicle.images.slice(0, 1),
            description: vehicle.description,
            // For the structured data's availability: the catalog's flag.
            inStock: vehicle.inStock,
          },
        ]
      : [];
  });
  return { featured, total };
}

function HomePage() {
  const business = useBusiness();
  const { featured, total } = useLoaderData() as HomeData;
  const capeMayTowns = useTownLinks().filter((town) => town.county === 'Cape May');
  const heroVehicle = featured[0];
  const years = yearsInBusiness(business.foundedYear, useRenderYear());
  const mainShowroom = business.showrooms[0]!;
  const otherShowrooms = business.showrooms.length - 1;
  return (
    <>
      <PageHero
        eyebrow="Sales · Rentals · Service"
        title="Electric Golf Carts for the Jersey Shore"
        actions={<ActionPair primary={{ to: '/inventory', label: 'View Inventory', arrow: 'right' }} secondary="call" />}
        aside={
          heroVehicle?.images[0] ? (
            <img
              src={heroVehicle.images[0]}
              alt={`${heroVehicle.name}, one of our featured carts`}
              width={VEHICLE_IMAGE_SIZE.width}
              height={VEHICLE_IMAGE_SIZE.height}
              fetchPriority="high"
              className="mx-auto h-auto w-full max-w-xl drop-shadow-2xl"
            />
          ) : undefined
        }
      >
        <p>
          New DENAGO and EVOLUTION carts and street-legal low-speed vehicles, rentals by the day or the month, and a service team that keeps them rolling.{' '}
          {capitalize(showroomSummary(business.showrooms))}.
        </p>
      </PageHero>
      <PromotionBand promotions={usePromotions()} place="home" />

      <Section title={`Why Choose ${business.name}`} id="why-choose">
        <PointGrid points={whyChooseUs} />
      </Section>

      <Section
        tone="sand"
        title="Brands We Carry"
        intro="Our house brands DENAGO and EVOLUTION, and the names golfers and beach towns have trusted for decades."
        id="brands"
        className={BRANDS_BAND_RENDERED_WHEN_NEAR}
      >
        <BrandGrid />
      </Section>

      <Section title="Featured Carts" intro="New arrivals on our showroom floors, ready for a test drive." id="featured" className={FEATURED_BAND_RENDERED_WHEN_NEAR}>
        <ul className="grid gap-6 md:grid-cols-3">
          {featured.map((vehicle) => (
            <li key={vehicle.slug}>
              <VehicleCard
                href={`/vehicles/${vehicle.slug}`}
                name={vehicle.name}
                image={vehicle.images[0]}
                priceLabel={formatPrice(vehicle.price)}
                badge={{ label: 'NEW', tone: 'new' }}
                description={vehicle.description}
              />
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <ButtonLink to="/inventory" variant="secondary" size="lg" arrow="right">
            See all {total} models
          </ButtonLink>
        </div>
      </Section>

      <Section tone="brand" id="about">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <SectionHeading id="about-heading" tone="brand">
              A Shore Dealer You Can Count On
            </SectionHeading>
            <p className="mt-4 text-lg text-brand-100">
              Since {business.foundedYear} we have helped shore families, retirement communities, marinas and businesses find the right cart, and kept those carts running
              with a service department that answers the phone.
            </p>
            <div className="mt-6">
              <ButtonLink to="/about" variant="outline-light">
                About us
              </ButtonLink>
            </div>
          </div>
          <StatGrid
            stats={[
              { value: business.happyCustomers, label: 'Happy customers' },
              { value: `${years}`, label: 'Years in business' },
            ]}
            tone="dark"
            size="lg"
            className="grid-cols-2 gap-4"
          />
        </div>
      </Section>

      <Section
        title="Find Us"
        intro={`Our ${mainShowroom.city} showroom${otherShowrooms > 0 ? `, with ${countInWords(otherShowrooms)} more location${otherShowrooms === 1 ? '' : 's'} below` : ''}.`}
        id="map"
        className={MAP_BAND_RENDERED_WHEN_NEAR}
      >
        <MapEmbed src={`https://www.google.com/maps?q=${mainShowroom.geo.lat},${mainShowroom.geo.lng}&z=11&output=embed`} title={`Map of the ${mainShowroom.name}`} />
      </Section>

      <Section
        tone="sand"
        title="Serving Cape May County"
        intro={`We deliver and service carts in all ${capeMayTowns.length} Cape May County municipalities.`}
        id="cape-may-towns"
        className={TOWNS_BAND_RENDERED_WHEN_NEAR}
      >
        <LinkTiles links={capeMayTowns} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" />
      </Section>

      <Section
        title="Our Showrooms"
        intro={`${capitalize(countInWords(business.showrooms.length))} locations, one team. Stop by for a test drive.`}
        id="showrooms"
        className={SHOWROOMS_BAND_RENDERED_WHEN_NEAR}
      >
        <ShowroomList showrooms={business.showrooms} />
      </Section>

      <CtaCard
        id="contact"
        title="Questions? Talk to a Real Person."
        actions={
          <>
            <ButtonLink to="/contact" size="lg" icon="mail">
              Send Us a Message
            </ButtonLink>
            <ButtonLink to={business.phoneHref} variant="call" size="lg" icon="phone">
              Call Now
            </ButtonLink>
          </>
        }
        details={
          <ul className="mt-5 space-y-2 text-ink-700">
            <IconLine as="li" icon="phone" href={business.phoneHref}>
              {business.phone}
            </IconLine>
            <IconLine as="li" icon="mail" href={`mailto:${business.email}`}>
              {business.email}
            </IconLine>
            <IconLine as="li" icon="clock">
              {hoursRows(business.hours)
                .map((row) => `${row.days} ${row.hours}`)
                .join(' · ')}
            </IconLine>
          </ul>
        }
      >
        Call, e-mail or send us a message. We answer within 24 hours, usually much sooner.
      </CtaCard>
    </>
  );
}

export const homePage: PageModule<HomeData> = {
  Component: HomePage,
  loader: homeLoader,
  handle: {
    head: ({ business, data, structuredData }) => ({
      // The featured carts at the prices the page prints; models it does not show are not offered here.
      jsonLd: structuredData
        ? [
            structuredData.offerCatalog(
              data.featured.flatMap((vehicle) => (vehicle.price === null ? [] : [{ ...vehicle, price: vehicle.price }])),
              { name: `${business.name} featured golf carts`, path: '/' },
              business.origin,
            ),
          ]
        : [],
      description: `New electric golf carts and street-legal LSVs, rentals and service at ${showroomSummary(business.showrooms)}, New Jersey.`,
      canonicalPath: '/',
      keywords: ['golf carts NJ', 'golf cart dealer Ocean County', 'golf cart rentals Jersey Shore', 'DENAGO', 'EVOLUTION', 'LSV', business.name],
    }),
  },
};
