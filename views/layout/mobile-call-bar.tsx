import { useBusiness } from '../hooks/use-business';
import { ButtonLink } from '../components/button-link';

/**
 * On phones the call button stays within thumb's reach at the bottom of the screen. Its height is
 * fixed, the 4.5rem the page keeps free under its content (app.css): painted before its button
 * has arrived, on a slow phone, the bar would otherwise grow upwards a moment later (a layout shift).
 */
export function MobileCallBar() {
  const business = useBusiness();
  return (
    <aside aria-label="Call us" className="fixed inset-x-0 bottom-0 z-30 flex h-18 items-center border-t border-ink-200 bg-white/95 px-4 backdrop-blur md:hidden">
      <ButtonLink to={business.phoneHref} variant="call" size="lg" className="w-full" aria-label={`Call Now: ${business.phone}`} icon="phone">
        Call Now · {business.phone}
      </ButtonLink>
    </aside>
  );
}
