import type { ReactNode } from 'react';
import type { IconName } from '../../seeds/icon-paths';
import { ButtonLink } from './button-link';
import type { ButtonVariant } from './button-styles';
import { CallButton } from './call-button';

export interface Action {
  to: string;
  label: ReactNode;
  icon?: IconName;
  arrow?: 'right' | 'down';
}

/** One large button of the pair; 'call' is the dealer's phone ("Call (732) 555-0199"). */
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
