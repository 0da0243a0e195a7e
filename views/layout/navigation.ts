/** The header's navigation, in order. Home is active only on exactly "/", the others by prefix. */
export const navigation = [
  { to: '/', label: 'Home' },
  { to: '/inventory', label: 'Inventory' },
  { to: '/rentals', label: 'Rentals' },
  { to: '/services', label: 'Services' },
  { to: '/showroom', label: 'Showroom' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;
