import type { ReactNode } from 'react';
import type { IconName } from '../../seeds/icon-paths';
import { Icon } from './icon';

interface IconLineProps {
  icon: IconName;
  as?: 'p' | 'li' | 'div' | 'address';
  /** Its place, size and alignment: 'mt-2 text-sm text-ink-700'. */
  className?: string;
  /** Makes the text a bold link: a phone number (tel:), an e-mail address (mailto:). */
  href?: string;
  children: ReactNode;
}

/** A line of contact detail led by a small icon: an address, a phone number, the opening hours. */
export function IconLine({ icon, as: Tag = 'p', className = '', href, children }: IconLineProps) {
  return (
    <Tag className={`flex gap-2 ${className}`}>
      <Icon name={icon} className="mt-0.5 size-4 shrink-0 text-brand-600" />
      {href ? (
        <a href={href} className="font-semibold text-brand-700 hover:underline">
          {children}
        </a>
      ) : (
        children
      )}
    </Tag>
  );
}
