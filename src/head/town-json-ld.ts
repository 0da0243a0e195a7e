import type { Town } from '../../seeds/towns';
import type { BusinessProfile } from '../config/business-profile';
import { townName } from '../towns/town-name';
import { townPath } from '../towns/town-path';
import { breadcrumbJsonLd } from './breadcrumb-json-ld';
import { businessIdentity } from './business-identity';

/** A town page as its breadcrumb trail, then the business with the town as the area it serves. */
export function townJsonLd(town: Town, business: BusinessProfile): object[] {
  const fullName = townName(town);
  const trail = [
    { label: 'Home', path: '/' },
    { label: `Golf Carts in ${fullName}`, path: townPath(town) },
  ];
  return [
    breadcrumbJsonLd(trail, business.origin),
    {
      ...businessIdentity(business),
      areaServed: {
        '@type': town.type === 'City' ? 'City' : 'AdministrativeArea',
        name: `${fullName}, New Jersey`,
        containedInPlace: { '@type': 'AdministrativeArea', name: `${town.county} County, New Jersey` },
      },
    },
  ];
}
