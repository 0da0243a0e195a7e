import { ActionPair } from './call-button';
import { PageHero } from './page-hero';

export interface BrandHeroCopy {
  eyebrow: string;
  title: string;
  intro: string;
}

/** A brand page's hero: its copy, a jump to the models on the page, and the phone. */
export function BrandHero({ copy, jumpTo, jumpLabel }: { copy: BrandHeroCopy; jumpTo: `#${string}`; jumpLabel: string }) {
  return (
    <PageHero eyebrow={copy.eyebrow} title={copy.title} actions={<ActionPair primary={{ to: jumpTo, label: jumpLabel, arrow: 'right' }} secondary="call" />}>
      <p>{copy.intro}</p>
    </PageHero>
  );
}
