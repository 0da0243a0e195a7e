import { contactPath } from '../../../src/contact/contact-path';
import { Badge } from '../badge';
import { ButtonLink } from '../button-link';
import { ActionPair } from '../call-button';
import { PageHero } from '../page-hero';
import { useBusiness } from '../../hooks/use-business';
import { HighlightTiles } from './highlight-tiles';
import { ModelImage } from './model-image';
import type { ModelPageContent } from '../../../src/catalog/model-page-content';
import { OpensInNewTab } from '../opens-in-new-tab';

/**
 * The top of a model page: brand and series, the model's name as the page's h1, its pitch, four
 * highlight tiles, the quote buttons of its layout, the links to other sites it offers, and its
 * picture (first on phones, beside the text on wide screens).
 */
export function ModelHero({ content }: { content: ModelPageContent }) {
  const business = useBusiness();
  const { page, vehicle } = content;
  const quote = contactPath({ interest: 'sales', topic: 'quote', vehicle: vehicle.slug });
  const hasExternalLinks = page.financeOptions || page.viewMoreDetailsUrl !== null;
  return (
    <PageHero
      eyebrow={
        <span className="flex flex-wrap gap-2">
          <Badge tone="brand">{content.brandName}</Badge>
          {page.seriesBadge ? <Badge tone="warning">{page.seriesBadge}</Badge> : null}
        </span>
      }
      title={vehicle.name}
      actions={
        <>
          <ActionPair
            primary={{ to: quote, label: 'Get Quote', arrow: 'right' }}
            secondary={
              page.heroButtons === 'quote-and-test-drive'
                ? { to: contactPath({ interest: 'sales', topic: 'test drive', vehicle: vehicle.slug }), label: 'Schedule Test Drive', icon: 'calendar' }
                : { to: quote, label: 'Get Quote Today' }
            }
          />
          {hasExternalLinks ? (
            <span className="flex basis-full flex-wrap gap-3">
              {page.financeOptions ? (
                <ButtonLink to={business.financingUrl} variant="outline-light" icon="percent">
                  Finance Options
                  <OpensInNewTab />
                </ButtonLink>
              ) : null}
              {page.viewMoreDetailsUrl ? (
                <ButtonLink to={page.viewMoreDetailsUrl} variant="outline-light">
                  View More Details
                  <OpensInNewTab />
                </ButtonLink>
              ) : null}
            </span>
          ) : null}
        </>
      }
      aside={<ModelImage name={vehicle.name} image={vehicle.images[0]} isNew={page.layout !== 'older'} />}
      asideFirst
    >
      <p className="text-xl font-semibold text-white">{page.tagline}</p>
      <HighlightTiles highlights={content.highlights} />
    </PageHero>
  );
}
