/** Brands on the home and town pages' brand grids; the two house brands have their own pages. */
export const carriedBrands = [
  { name: 'Club Car', path: null },
  { name: 'EZ-GO', path: null },
  { name: 'Denago', path: '/denago' },
  { name: 'Evolution', path: '/evolution' },
  { name: 'Tomberlin', path: null },
  { name: 'Swift EV', path: null },
] as const;

/** The four reasons to buy here, shown on the home and town pages. */
export const whyChooseUs = [
  { title: 'Premium Quality', text: 'Carts from the best names in the business, inspected and detailed before they reach you.', icon: 'star' },
  { title: 'Expert Service', text: 'Factory-trained technicians who keep your cart running season after season.', icon: 'wrench' },
  // Promotional rates (0% financing) come from the business file's promotions, shown only while they run.
  { title: 'Easy Financing', text: 'Financing on approved credit, with quick approvals through our lending partners.', icon: 'percent' },
  { title: 'Eco-Friendly', text: 'Quiet, all-electric carts with zero tailpipe emissions for the shore you love.', icon: 'leaf' },
] as const;
