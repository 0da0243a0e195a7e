import { useBusiness } from '../hooks/use-business';
import { ButtonLink } from '../components/button-link';
import { SiteLogo } from '../components/site-logo';
import { SiteNavigation } from './site-navigation';
import { deferredHydration } from './deferred-hydration';

// A native popover that opens and closes without JavaScript: its code need not hold up the page.
const MobileMenu = deferredHydration(() => import('./mobile-menu').then((module) => module.MobileMenu));

export function SiteHeader() {
  const business = useBusiness();
  return (
    <header className="sticky top-0 z-40 border-b border-ink-200 bg-white/95 backdrop-blur">
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
