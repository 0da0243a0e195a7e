import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { denagoPage as content } from '../../seeds/brand-pages';
import { contactPath } from '../../src/contact/contact-path';
import { brandPageList, type BrandVehicle } from '../../src/catalog/brand-page-list';
import { loadVehicleList, type VehicleListData } from '../../src/catalog/vehicle-list-loader';
import { catalogContext } from '../../src/route-context/route-context';
import { ButtonLink } from '../components/button-link';
import { Card } from '../components/card';
import { Section } from '../components/section';
import { AwaitVehicles } from '../components/await-vehicles';
import { BrandVehicleGrid } from '../components/brand-vehicle-grid';
import { VEHICLE_GRID_CLASSES } from '../components/vehicle-card';
import type { PageModule } from './page-module';
import { BrandHero } from '../components/brand-hero';
import { brandPageHead } from '../../src/head/brand-page-head';
import { PointGrid } from '../components/feature-card';

type DenagoData = VehicleListData<{ vehicles: BrandVehicle[]; total: number }>;

async function denagoLoader({ context }: LoaderFunctionArgs) {
  const catalog = context.get(catalogContext);
  return loadVehicleList(async () => brandPageList(await catalog.listVehiclesByBrand('denago')), { empty: { vehicles: [], total: 0 } });
}

function DenagoModels({ vehicles, total }: { vehicles: BrandVehicle[]; total: number }) {
  if (vehicles.length === 0) {
    return <p className="text-lg text-ink-700">Our DENAGO line-up is being restocked. Ask us what is arriving next.</p>;
  }
  return <BrandVehicleGrid brand="denago" label="DENAGO" vehicles={vehicles} total={total} />;
}

function DenagoPage() {
  const data = useLoaderData() as DenagoData;
  const availability = contactPath({ interest: 'sales', topic: content.models.availabilityTopic });
  return (
    <>
      <BrandHero copy={content.hero} jumpTo="#models" jumpLabel="See the Models" />

      <Section id="about-denago">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.1fr] lg:items-start">
          <div>
            <h2 id="about-denago-heading" className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
              {content.about.title}
            </h2>
            {content.about.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-4 text-lg text-ink-700">
                {paragraph}
              </p>
            ))}
          </div>
          <PointGrid points={content.about.features} columns="sm:grid-cols-2" />
        </div>
      </Section>

      <Section tone="sand" id="models" title={content.models.title} intro={content.models.intro}>
        <AwaitVehicles list={data} loadingLabel="Loading DENAGO models…" skeletonClassName={VEHICLE_GRID_CLASSES}>
          {(list) => <DenagoModels {...list} />}
        </AwaitVehicles>
        <Card className="mt-10 flex flex-col gap-5 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h3 className="text-xl font-bold text-ink-900">Looking for a specific model or color?</h3>
            <p className="mt-1 text-ink-600">Stock changes weekly. We will check our lots and incoming orders for you.</p>
          </div>
          <ButtonLink to={availability} size="lg" className="shrink-0" icon="mail">
            Contact for Availability
          </ButtonLink>
        </Card>
      </Section>
    </>
  );
}

export const denagoPage: PageModule<DenagoData> = {
  Component: DenagoPage,
  loader: denagoLoader,
  handle: {
    head: brandPageHead({
      label: 'DENAGO',
      listName: 'DENAGO models',
      path: '/denago',
      title: 'DENAGO Electric Vehicles & Golf Carts',
      description: 'New DENAGO lithium electric vehicles on the New Jersey shore: the street-legal EV City, EV Nomad and EV Rover, seating four to eight.',
      keywords: ['DENAGO', 'DENAGO EV', 'DENAGO golf cart NJ', 'DENAGO dealer', 'street legal golf cart', 'lithium golf cart'],
    }),
  },
};
