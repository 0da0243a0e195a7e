import type { OpenStatus } from '../../src/business/open-status';
import type { Showroom } from '../../src/config/business-profile';
import { ButtonLink } from './button-link';
import { Card } from './card';
import { HolidayHours } from './holiday-hours';
import { HoursList } from './hours-list';
import { IconLine } from './icon-line';
import { OpenSign } from './open-sign';

const externalLinks = [
  { key: 'website', label: 'Website' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'reviews', label: 'Reviews' },
] as const;

interface ShowroomCardProps {
  showroom: Showroom;
  /** Its opening hours, and with them its open or closed sign when there is one. */
  withHours?: boolean;
  status?: OpenStatus;
  headingLevel?: 'h2' | 'h3';
}

/** A showroom: where it is, how to call, when it is open, and how to get there. */
export function ShowroomCard({ showroom, withHours = false, status, headingLevel: Heading = 'h3' }: ShowroomCardProps) {
  const links = externalLinks.flatMap((link) => (showroom.links[link.key] ? [{ ...link, href: showroom.links[link.key]! }] : []));
  return (
    <Card as="article" className="flex h-full flex-col p-6">
      <Heading className="text-lg font-bold text-ink-900">{showroom.name}</Heading>
      <IconLine as="address" icon="pin" className="mt-3 not-italic text-ink-700">
        <span>
          {showroom.street}
          <br />
          {showroom.city}, {showroom.state} {showroom.postalCode}
        </span>
      </IconLine>
      <IconLine icon="phone" href={showroom.phoneHref} className="mt-2 text-ink-700">
        {showroom.phone}
      </IconLine>
      {withHours ? (
        <>
          <IconLine as="div" icon="clock" className="mt-2 text-sm text-ink-700">
            <HoursList week={showroom.hours} />
          </IconLine>
          <HolidayHours showroomId={showroom.id} className="ml-6 mt-2 text-sm text-ink-700" />
          <OpenSign status={status} className="mt-3 text-ink-700" />
        </>
      ) : null}
      {links.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {links.map((link) => (
            <li key={link.key}>
              <a href={link.href} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 hover:underline">
                {link.label}
                <span className="sr-only"> for {showroom.name} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        <ButtonLink to={showroom.directionsUrl} variant="secondary" aria-label={`Directions to ${showroom.name} (opens in a new tab)`} icon="pin">
          Directions
        </ButtonLink>
        <ButtonLink to={showroom.phoneHref} variant="primary" aria-label={`Call ${showroom.name}`} icon="phone">
          Call
        </ButtonLink>
      </div>
    </Card>
  );
}
