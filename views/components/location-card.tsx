import type { DealershipLocation } from '../../seeds/locations';
import type { OpeningHours } from '../../src/config/business-profile';
import { ButtonLink } from './button-link';
import { Card } from './card';
import { Icon } from './icon';

const externalLinks = [
  { key: 'websiteUrl', label: 'Website' },
  { key: 'facebookUrl', label: 'Facebook' },
  { key: 'instagramUrl', label: 'Instagram' },
  { key: 'reviewUrl', label: 'Reviews' },
] as const;

/** A dealership location: where it is, how to call, when it is open, and how to get there. */
export function LocationCard({ location, hours, headingLevel: Heading = 'h3' }: { location: DealershipLocation; hours?: OpeningHours[]; headingLevel?: 'h2' | 'h3' }) {
  const links = externalLinks.filter((link) => location[link.key]);
  return (
    <Card as="article" className="flex h-full flex-col p-6">
      <Heading className="text-lg font-bold text-ink-900">{location.name}</Heading>
      <address className="mt-3 flex gap-2 not-italic text-ink-700">
        <Icon name="pin" className="mt-0.5 size-4 text-brand-600" />
        <span>
          {location.address}
          <br />
          {location.city}, {location.state} {location.postalCode}
        </span>
      </address>
      <p className="mt-2 flex gap-2 text-ink-700">
        <Icon name="phone" className="mt-0.5 size-4 text-brand-600" />
        <a href={`tel:${location.phoneTel}`} className="font-semibold text-brand-700 hover:underline">
          {location.phone}
        </a>
      </p>
      {hours ? (
        <div className="mt-2 flex gap-2 text-sm text-ink-700">
          <Icon name="clock" className="mt-0.5 size-4 text-brand-600" />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3">
            {hours.map((row) => (
              <div key={row.days} className="contents">
                <dt className="font-medium">{row.days}</dt>
                <dd>{row.hours}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {links.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {links.map((link) => (
            <li key={link.key}>
              <a href={location[link.key]} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 hover:underline">
                {link.label}
                <span className="sr-only"> for {location.name} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        <ButtonLink to={location.directionsUrl} variant="secondary" aria-label={`Directions to ${location.name} (opens in a new tab)`}>
          <Icon name="pin" className="size-4" />
          Directions
        </ButtonLink>
        <ButtonLink to={`tel:${location.phoneTel}`} variant="primary" aria-label={`Call ${location.name}`}>
          <Icon name="phone" className="size-4" />
          Call
        </ButtonLink>
      </div>
    </Card>
  );
}
