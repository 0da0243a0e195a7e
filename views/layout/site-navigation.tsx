import { NavLink } from 'react-router';
import { navigation } from './navigation';

interface SiteNavigationProps {
  /** The landmark's name: "Main" in the header, "Mobile" in the phone menu. */
  label: string;
  className?: string;
  listClassName: string;
  /** A link's classes, current page or not. */
  linkClassName: (current: boolean) => string;
  /** Told when a link is chosen (the phone menu closes). */
  onChoose?: () => void;
}

/** The site's pages as a navigation landmark; Home is current only on exactly "/", the others by prefix. */
export function SiteNavigation({ label, className, listClassName, linkClassName, onChoose }: SiteNavigationProps) {
  return (
    <nav aria-label={label} className={className}>
      <ul className={listClassName}>
        {navigation.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === '/'} onClick={onChoose} className={({ isActive }) => linkClassName(isActive)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
