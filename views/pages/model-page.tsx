import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Breadcrumb } from '../components/breadcrumb';
import { Card } from '../components/card';
import { Section } from '../components/section';
import { ClosingBanner } from '../components/model-page/closing-banner';
import { ContactBanner } from '../components/model-page/contact-banner';
import { ContactCards } from '../components/model-page/contact-cards';
import { ModelFeatures } from '../components/model-page/model-features';
import { ModelHero } from '../components/model-page/model-hero';
import type { ModelPageContent } from '../../src/catalog/model-page-content';
import { showsPrice } from '../../src/head/model-page-json-ld';
import { PriceStrip } from '../components/model-page/price-strip';
import { QuestionsCard } from '../components/model-page/questions-card';
import { QuickSpecs } from '../components/model-page/quick-specs';
import { SpecificationPanel } from '../components/model-page/specification-panel';
import { SpecificationTable } from '../components/model-page/specification-table';
import { StandardFeatures } from '../components/model-page/standard-features';
import { VehicleNotFound, vehicleNotFoundHead } from '../components/vehicle-not-found';
import type { PageModule } from './page-module';
import { CheckList } from '../components/check-list';

/**
 * A fixed model page needs no request: its content comes from the seeds, else 404. The seeds of all
 * 23 pages load with the loader (a chunk of their own in the browser, needed only for a client-side
 * navigation) rather than with the page's code; the one page's content travels in its hydration data.
 */
async function modelPageLoader({ params }: LoaderFunctionArgs) {
  const { modelPageContent } = await import('../../src/catalog/model-page-content');
  return modelPageContent(params.slug) ?? data(null, { status: 404 });
}

/**
 * The older layout: features, the grouped specification panel, a blue call to action and the
 * call, hours and service-area cards. A page with standard features (the D5 Ranger 6 Plus) also
 * opens with quick specs and lists that equipment.
 */
function OlderLayout({ content }: { content: ModelPageContent }) {
  const { page, vehicle, specifications } = content;
  const listsStandardFeatures = page.standardFeatures.length > 0;
  return (
    <>
      {showsPrice(content) ? <PriceStrip price={content.vehicle.price} availability={page.availability} delivery={page.delivery} /> : null}
      {listsStandardFeatures ? <QuickSpecs rows={specifications} /> : null}
      <ModelFeatures overview={vehicle.description} features={page.features} />
      <SpecificationPanel rows={specifications} />
      {listsStandardFeatures ? <StandardFeatures items={page.standardFeatures} /> : null}
      <ContactBanner vehicleName={vehicle.name} vehicleSlug={vehicle.slug} priced={showsPrice(content)} />
      <ContactCards />
    </>
  );
}

/**
 * The priced DENAGO layout and the EVOLUTION price-banner layout: MSRP and availability, features,
 * the specifications (beside the included-features list on the priced layout, beside a call-us
 * card on the price-banner layout) and a dark closing call to action.
 */
function PricedLayout({ content }: { content: ModelPageContent }) {
  const { page, vehicle, specifications } = content;
  const caption = `${vehicle.name} specifications`;
  return (
    <>
      {showsPrice(content) ? <PriceStrip price={content.vehicle.price} availability={page.availability} delivery={page.delivery} /> : null}
      <ModelFeatures overview={vehicle.description} features={page.features} />
      <Section title="Specifications" tone="sand" id="specifications">
        {page.layout === 'priced' ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <Card className="p-6 sm:p-8">
              <h3 className="text-lg font-bold text-ink-900">Technical Specifications</h3>
              <SpecificationTable caption={caption} rows={specifications} />
            </Card>
            <Card className="p-6 sm:p-8">
              <h3 className="text-lg font-bold text-ink-900">What's Included</h3>
              <CheckList items={vehicle.features} className="mt-4 space-y-3 text-ink-800" />
            </Card>
          </div>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
            <Card className="p-6 sm:p-8">
              <SpecificationTable caption={caption} rows={specifications} />
            </Card>
            <QuestionsCard vehicleName={vehicle.name} />
          </div>
        )}
      </Section>
      <ClosingBanner vehicleName={vehicle.name} vehicleSlug={vehicle.slug} />
    </>
  );
}

function ModelPage() {
  const content = useLoaderData() as ModelPageContent | null;
  if (!content) return <VehicleNotFound />;
  return (
    <>
      <Breadcrumb items={content.breadcrumb} />
      <ModelHero content={content} />
      {content.page.layout === 'older' ? <OlderLayout content={content} /> : <PricedLayout content={content} />}
    </>
  );
}

export const modelPage: PageModule<ModelPageContent | null> = {
  Component: ModelPage,
  loader: modelPageLoader,
  handle: {
    head: (args) => {
      const content = args.data;
      if (!content) return vehicleNotFoundHead;
      const { page, vehicle } = content;
      return {
        title: page.seo.title,
        description: page.seo.description,
        canonicalPath: `/vehicles/${vehicle.slug}`,
        keywords: page.seo.keywords,
        image: `/images/share/${vehicle.slug}.jpg`,
        jsonLd: args.structuredData?.modelPage(content, args.business) ?? [],
      };
    },
  },
};
