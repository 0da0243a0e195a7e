import type { IconName } from './icon-paths';

export interface ServiceOffering {
  id: 'maintenance' | 'battery' | 'custom' | 'warranty';
  title: string;
  price: string;
  description: string;
  includes: string[];
  icon: IconName;
}

/** The service department's four offerings, with the prices the site quotes. */
export const serviceOfferings: ServiceOffering[] = [
  {
    id: 'maintenance',
    title: 'Maintenance & Repair',
    price: 'From $85/hour',
    description: 'Scheduled maintenance and diagnosis and repair of electrical, brake, steering and suspension problems on every make we carry.',
    includes: ['Multi-point safety inspection', 'Brake, steering and suspension work', 'Controller and wiring diagnostics'],
    icon: 'wrench',
  },
  {
    id: 'battery',
    title: 'Battery Services',
    price: 'From $50',
    description: 'Battery testing, watering and cleaning for lead-acid packs, and lithium upgrades that add range and cut charging time.',
    includes: ['Load testing and health report', 'Lead-acid care and replacement', 'Lithium conversion quotes'],
    icon: 'battery',
  },
  {
    id: 'custom',
    title: 'Custom Modifications',
    price: 'By quote',
    description: 'Lift kits, wheels and tires, lighting, seating, enclosures and street-legal upgrades fitted by our technicians.',
    includes: ['Lift kits, wheels and tires', 'LED lighting and street-legal kits', 'Seats, enclosures and storage'],
    icon: 'sparkles',
  },
  {
    id: 'warranty',
    title: 'Warranty Service',
    price: 'Covered by warranty',
    description: 'Factory warranty repairs for DENAGO and EVOLUTION vehicles, with genuine parts and no paperwork hassle for you.',
    includes: ['Genuine factory parts', 'Claims handled for you', 'Certified technicians'],
    icon: 'shield',
  },
];
