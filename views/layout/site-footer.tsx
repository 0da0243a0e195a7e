import { SiteLink } from '../components/site-link';
import { useBusiness, useRenderYear, useTownLinks } from '../hooks/use-business';
import { HoursList } from '../components/hours-list';
import { Icon } from '../components/icon';
import { SiteLogo } from '../components/site-logo';
import { keptContent } from '../components/kept-markup';
import type { BusinessProfile } from '../../src/config/business-profile';
import type { TownLink } from '../../src/route-context/site-data';

const linkClass = 'rounded text-brand-100 hover:text-white hover:underline';

/** The footer's frame, written by the server around its kept content too. */
const FOOTER_CLASSES = 'bg-brand-950 text-brand-100';

interface FooterContentProps {
  business: Pick<BusinessProfile, 'name' | 'region' | 'financingUrl' | 'phone' | 'phoneHref' | 'email' | 'hours'>;
  year: number;
  towns: TownLink[];
}

/**
 * The site's footer. On the server its content is rendered once for equal props (kept-markup.ts):
 * it is the same on every page of a business moment, and a tenth of a page's render. Vite's browser
 * build leaves that branch out.
 */
export function SiteFooter() {
  const { name, region, financingUrl, phone, phoneHref, email, hours } = useBusiness();
  // The Ocean County towns, the dealer's home county; the home page lists Cape May County's.
  const props: FooterContentProps = {
    business: { name, region, financingUrl, phone, phoneHref, email, hours },
    year: useRenderYear(),
    towns: useTownLinks().filter((town) => town.county === 'Ocean'),
  };
  if (typeof import.meta.env === 'undefined' || import.meta.env.SSR) {
    const content = keptContent(FooterContent, props, 'footer');
    if (content !== undefined) return <footer className={FOOTER_CLASSES} dangerouslySetInnerHTML={{ __html: content }} />;
  }
  return <FooterContent {...props} />;
}

function FooterContent({ business, year, towns: footerTowns }: FooterContentProps) {
  const siteLinks: Array<{ to: string; label: string; external?: boolean }> = [
    { to: '/', label: 'Home' },
    { to: '/inventory', label: 'Inventory' },
    { to: '/rentals', label: 'Rentals' },
    { to: '/services', label: 'Services' },
    { to: business.financingUrl, label: 'Financing', external: true },
    { to: '/about', label: 'About' },
    { to: '/denago', label: 'DENAGO' },
    { to: '/evolution', label: 'EVOLUTION' },
    { to: '/contact', label: 'Contact' },
    { to: '/privacy', label: 'Privacy Policy' },
    { to: '/terms', label: 'Terms of Service' },
  ];
  return (
    <footer className={FOOTER_CLASSES}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="grid gap-10 md:grid-cols-3">
          <div>
            <SiteLogo name={business.name} tone="light" />
            <p className="mt-4 max-w-xs text-sm">Electric golf carts and low-speed vehicles: sales, rentals and service across {business.region}.</p>
          </div>
          <nav aria-label="Footer">
            <h2 className="text-sm font-bold uppercase tracking-wider text-white">Explore</h2>
            <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {siteLinks.map((link) => (
                <li key={link.label}>
                  {link.external ? (
                    <a href={link.to} target="_blank" rel="noopener noreferrer" className={linkClass}>
                      {link.label}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <SiteLink to={link.to} className={linkClass}>
                      {link.label}
                    </SiteLink>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className="text-sm font-bold uppercase tracking-wider text-white">Visit or call</h2>
            <ul className="mt-4 space-y-3 text-sm">
              <li>
                <a href={business.phoneHref} className={`${linkClass} inline-flex items-center gap-2 text-base font-semibold text-white`}>
                  <Icon name="phone" className="size-4" />
                  {business.phone}
                </a>
              </li>
              <li>
                <a href={`mailto:${business.email}`} className={`${linkClass} inline-flex items-center gap-2`}>
                  <Icon name="mail" className="size-4" />
                  {business.email}
                </a>
              </li>
              <li className="flex gap-2">
                <Icon name="clock" className="mt-0.5 size-4" />
                <HoursList week={business.hours} />
              </li>
            </ul>
          </div>
        </div>
        <nav aria-label="Towns we serve" className="mt-12 border-t border-brand-800 pt-8">
          <h2 className="text-sm font-bold uppercase tracking-wider text-white">Golf carts near you</h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
            {footerTowns.map((town) => (
              <li key={town.path}>
                <SiteLink to={town.path} className={linkClass}>
                  {town.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-10 border-t border-brand-800 pt-6 text-xs text-brand-200">
          © {year} {business.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
