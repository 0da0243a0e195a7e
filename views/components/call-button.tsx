import { useBusiness } from '../hooks/use-business';
import { ButtonLink } from './button-link';
import type { ButtonVariant } from './button-styles';

/** "Call (732) 555-0199": the dealer's phone as a large button, on any page or banner. */
export function CallButton({ variant, className }: { variant?: ButtonVariant; className?: string }) {
  const business = useBusiness();
  return (
    <ButtonLink to={business.phoneHref} variant={variant} size="lg" className={className} icon="phone">
      Call {business.phone}
    </ButtonLink>
  );
}
