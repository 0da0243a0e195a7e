import type { ReactNode } from 'react';
import type { IconName } from '../../seeds/icon-paths';
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

export interface Action {
  to: string;
  label: ReactNode;
  icon?: IconName;
  arrow?: 'right' | 'down';
}

/** One large button of a pair; 'call' is the dealer's phone. */
function ActionButton({ action, variant }: { action: Action | 'call'; variant: ButtonVariant }) {
  if (action === 'call') return <CallButton variant={variant} />;
  return (
    <ButtonLink to={action.to} variant={variant} size="lg" icon={action.icon} arrow={action.arrow}>
      {action.label}
    </ButtonLink>
  );
}

/** The two calls to action of a dark band or hero: the main one in sun yellow, the other outlined in white. */
export function ActionPair({ primary, secondary }: { primary: Action | 'call'; secondary: Action | 'call' }) {
  return (
    <>
      <ActionButton action={primary} variant="call" />
      <ActionButton action={secondary} variant="outline-light" />
    </>
  );
}
