import type { ReactNode } from 'react';
import { SiteLink } from './site-link';
import type { IconName } from '../../seeds/icon-paths';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-styles';
import { Icon } from './icon';

interface ButtonLinkProps {
  /** A site path (client-side navigation), an https URL (opens in a new tab) or a tel:/mailto: link. */
  to: string;
  children: ReactNode;
  /** An icon before the label. */
  icon?: IconName;
  /** An arrow after the label: on to another page, or down to a part of this one. */
  arrow?: 'right' | 'down';
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  'aria-label'?: string;
}

export function isExternal(to: string): boolean {
  return /^https?:\/\//.test(to);
}

/** A link that looks like a button. External pages open in a new tab without referrer or opener. */
export function ButtonLink({ to, children, icon, arrow, variant, size, className = '', ...rest }: ButtonLinkProps) {
  const classes = `${buttonClasses(variant, size)} ${className}`;
  const content = (
    <>
      {icon ? <Icon name={icon} className="size-4" /> : null}
      {children}
      {arrow ? <Icon name="arrowRight" className={arrow === 'down' ? 'size-4 rotate-90' : 'size-4'} /> : null}
    </>
  );
  if (to.startsWith('/')) {
    return (
      <SiteLink to={to} className={classes} {...rest}>
        {content}
      </SiteLink>
    );
  }
  return (
    <a href={to} className={classes} {...(isExternal(to) ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {content}
    </a>
  );
}
