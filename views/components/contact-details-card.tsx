import { SiteLink } from './site-link';
import { useBusiness, useCurrentMoment } from '../hooks/use-business';
import { Card } from './card';
import { IconItem } from './icon-item';
import { OpenSign } from './open-sign';

/** The contact page's ways to reach us: its showrooms with their phones and open signs, the e-mail and the website. */
export function ContactDetailsCard() {
  const business = useBusiness();
  const moment = useCurrentMoment();
  const showrooms = business.showrooms.filter((showroom) => business.contactPageShowrooms.includes(showroom.id));
  return (
    <Card className="p-6">
      <h2 className="text-xl font-bold text-ink-900">Contact Details</h2>
      <ul className="mt-5 space-y-5">
        {showrooms.map((showroom) => (
          <IconItem key={showroom.id} icon="pin" title={showroom.name}>
            <address className="not-italic text-ink-700">
              {showroom.street}, {showroom.city}, {showroom.state} {showroom.postalCode}
            </address>
            <a href={showroom.phoneHref} className="mt-1 inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline">
              {showroom.phone}
            </a>
            <OpenSign status={moment?.showrooms[showroom.id]} className="mt-1 text-ink-700" />
          </IconItem>
        ))}
        <IconItem icon="mail" title="Email">
          <a href={`mailto:${business.email}`} className="inline-flex min-h-6 items-center break-all font-semibold text-brand-700 hover:underline">
            {business.email}
          </a>
        </IconItem>
        <IconItem icon="external" title="Website">
          <a href={business.website} className="inline-flex min-h-6 items-center break-all font-semibold text-brand-700 hover:underline">
            {new URL(business.website).host}
          </a>
        </IconItem>
      </ul>
      <p className="mt-6 border-t border-ink-200 pt-4 text-sm text-ink-600">
        Visiting in person?{' '}
        <SiteLink to="/showroom" className="font-semibold text-brand-700 hover:underline">
          See all our showrooms
        </SiteLink>
        .
      </p>
    </Card>
  );
}
