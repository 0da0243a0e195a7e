import { useRouteLoaderData } from 'react-router';
import type { BusinessProfile } from '../../src/config/business-profile';
import type { SiteData, TownLink } from '../../src/site-data';

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
