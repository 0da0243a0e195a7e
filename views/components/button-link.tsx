import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-styles';

interface ButtonLinkProps {
  /** A site path (client-side navigation), an https URL (opens in a new tab) or a tel:/mailto: link. */
  to: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  'aria-label'?: string;
}

export function isExternal(to: string): boolean {
  return /^https?:\/\//.test(to);
}

/** A link that looks like a button. External pages open in a new tab without referrer or opener. */
export function ButtonLink({ to, children, variant, size, className = '', ...rest }: ButtonLinkProps) {
  const classes = `${buttonClasses(variant, size)} ${className}`;
  if (to.startsWith('/')) {
    return (
      <Link to={to} className={classes} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={classes} {...(isExternal(to) ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}
