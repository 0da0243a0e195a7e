import { NavigationType, UNSAFE_DataRouterStateContext, UNSAFE_LocationContext, useLocation, type RouterState } from 'react-router';
import { useBusiness } from '../hooks/use-business';
import { ButtonLink } from '../components/button-link';
import { keptContent } from '../components/kept-markup';
import { SiteLogo } from '../components/site-logo';
import type { BusinessProfile } from '../../src/config/business-profile';
import { currentNavigationItem, SiteNavigation } from './site-navigation';
import { deferredHydration } from './deferred-hydration';

// A native popover that opens and closes without JavaScript: its code need not hold up the page.
const MobileMenu = deferredHydration(() => import('./mobile-menu').then((module) => module.MobileMenu));

/** The header's frame, written by the server around its kept content too (KeptSiteHeader). */
const HEADER_CLASSES = 'sticky top-0 z-40 border-b border-ink-200 bg-white/95 backdrop-blur';

export function SiteHeader() {
  const business = useBusiness();
  return (
    <header className={HEADER_CLASSES}>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <SiteLogo name={business.name} />
        <SiteNavigation
          label="Main"
          className="hidden lg:block"
          listClassName="flex items-center gap-1"
          linkClassName={(current) =>
            `rounded-full px-3 py-2 text-sm font-semibold transition-colors ${current ? 'bg-brand-50 text-brand-700' : 'text-ink-700 hover:bg-ink-100 hover:text-ink-900'}`
          }
        />
        <div className="flex items-center gap-2">
          {/* On phones the fixed call bar at the bottom of the screen takes this button's place. */}
          <div className="hidden sm:block">
            <ButtonLink to={business.phoneHref} variant="call" aria-label={`Call Now: ${business.phone}`} icon="phone">
              Call Now
            </ButtonLink>
          </div>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/** What the header reads of the business (SiteHeader, its menu's call button). */
type HeaderBusiness = Pick<BusinessProfile, 'name' | 'phone' | 'phoneHref'>;

/**
 * The header on the server (SiteLayout; Vite's browser build leaves it out): its content rendered
 * once for equal props (kept-markup.ts). It is the same on every page of a navigation item (the
 * one marked current) for the same business: a search page rendered it for a tenth of a
 * millisecond. In the browser SiteHeader hydrates against it, which renders the same header.
 */
export function KeptSiteHeader() {
  const { name, phone, phoneHref } = useBusiness();
  const props = { business: { name, phone, phoneHref }, current: currentNavigationItem(useLocation().pathname) };
  const content = keptContent(HeaderOfItem, props, 'header');
  return content === undefined ? <SiteHeader /> : <header className={HEADER_CLASSES} dangerouslySetInnerHTML={{ __html: content }} />;
}

/**
 * SiteHeader on a page of the navigation item `current` (none: null), for keptContent, which renders
 * outside the page's router: the router's location and the root route's data are given as the
 * router gives them to its hooks (useLocation, useRouteLoaderData), with only the business fields
 * the header reads (HeaderBusiness).
 */
function HeaderOfItem({ business, current }: { business: HeaderBusiness; current: string | null }) {
  const location = { pathname: current ?? '', search: '', hash: '', state: null, key: 'default' };
  const state = { loaderData: { root: { business } } } as unknown as RouterState;
  return (
    <UNSAFE_LocationContext.Provider value={{ location, navigationType: NavigationType.Pop }}>
      <UNSAFE_DataRouterStateContext.Provider value={state}>
        <SiteHeader />
      </UNSAFE_DataRouterStateContext.Provider>
    </UNSAFE_LocationContext.Provider>
  );
}
