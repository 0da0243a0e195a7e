import { useBusiness } from '../hooks/use-business';
import { ButtonLink } from '../components/button-link';

/** On phones the call button stays within thumb's reach at the bottom of the screen. */
export function MobileCallBar() {
  const business = useBusiness();
  return (
    <aside aria-label="Call us" className="fixed inset-x-0 bottom-0 z-30 border-t border-ink-200 bg-white/95 px-4 py-3 backdrop-blur md:hidden">
      <ButtonLink to={business.phoneHref} variant="call" size="lg" className="w-full" aria-label={`Call Now: ${business.phone}`} icon="phone">
        Call Now · {business.phone}
      </ButtonLink>
    </aside>
  );
}
