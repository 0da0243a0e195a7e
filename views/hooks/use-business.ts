import { useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { BusinessMoment } from '../../src/business/business-moment';
import type { BusinessProfile } from '../../src/config/business-profile';
import type { SiteData, TownLink } from '../../src/route-context/site-data';

function useSiteData(): SiteData {
  const data = useRouteLoaderData('root') as SiteData | undefined;
  if (!data) throw new Error('Site data is read outside the root route');
  return data;
}

/** The business profile the server rendered the page with. */
export function useBusiness(): BusinessProfile {
  return useSiteData().business;
}

/** Links to every town page, for the footer and the home page's town grid. */
export function useTownLinks(): TownLink[] {
  return useSiteData().townLinks;
}

const everyMinute = (onChange: () => void) => {
  const timer = setInterval(onChange, 60_000);
  return () => clearInterval(timer);
};

/**
 * The business moment the page was rendered in (open or closed signs, reply promise, promotions),
 * while it lasts. The browser keeps the first page's site data for the whole visit, so a visitor
 * still browsing after the moment has ended (a showroom has since opened or closed) gets null, and
 * the page shows no sign rather than a wrong one. The server and hydration always see the moment.
 */
export function useCurrentMoment(): BusinessMoment | null {
  const { moment } = useSiteData();
  const current = useSyncExternalStore(
    everyMinute,
    () => Date.now() < Date.parse(moment.validUntil),
    () => true,
  );
  return current ? moment : null;
}

/** The promotions running on the day the page was rendered (PromotionBand keeps those for its page). */
export function usePromotions(): BusinessMoment['promotions'] {
  return useSiteData().moment.promotions;
}

/** The dealer's calendar year the page was rendered in (the server's clock, not the device's). */
export function useRenderYear(): number {
  return useSiteData().moment.year;
}
