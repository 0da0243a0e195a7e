import { ButtonLink } from './button-link';
import { CallButton } from './call-button';
import { Icon } from './icon';
import { PageHero } from './page-hero';

export interface BrandHeroCopy {
  eyebrow: string;
  title: string;
  intro: string;
}

/** A brand page's hero: its copy, a jump to the models on the page, and the phone. */
export function BrandHero({ copy, jumpTo, jumpLabel }: { copy: BrandHeroCopy; jumpTo: `#${string}`; jumpLabel: string }) {
  return (
    <PageHero
      eyebrow={copy.eyebrow}
      title={copy.title}
      actions={
        <>
          <ButtonLink to={jumpTo} variant="call" size="lg">
            {jumpLabel}
            <Icon name="arrowRight" className="size-4" />
          </ButtonLink>
          <CallButton variant="outline-light" />
        </>
      }
    >
      <p>{copy.intro}</p>
    </PageHero>
  );
}
