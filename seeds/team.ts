/** One member of staff as the About page introduces them; no photos, an initials avatar instead. */
export interface TeamMember {
  name: string;
  role: string;
  /** One or two sentences a customer would want to know. */
  bio: string;
}

// The people are placeholders for the dealership to replace with its own staff.
export const team: TeamMember[] = [
  {
    name: 'Mike Donnelly',
    role: 'Owner & General Manager',
    bio: 'Started the business in a Bayville garage with two used carts and a trailer, and still answers the phone on busy Saturdays.',
  },
  {
    name: 'Lisa Moreno',
    role: 'Sales Manager',
    bio: 'Matches shoppers with the right cart for their street, their family and their budget, and walks them through financing.',
  },
  {
    name: 'Dave Kowalski',
    role: 'Service Manager',
    bio: 'Factory-trained on DENAGO and EVOLUTION, he runs the service bays and the mobile service vans.',
  },
  {
    name: 'Jenna Pham',
    role: 'Rentals & Customer Care',
    bio: 'Plans deliveries and pickups for rental guests and makes sure every cart arrives charged and spotless.',
  },
];
