import type { IconName } from './icon-paths';

export interface CompanyValue {
  title: string;
  text: string;
  icon: IconName;
}

/** What the About page says the business stands for, in page order. */
export const companyValues: CompanyValue[] = [
  {
    title: 'Straight Answers',
    text: 'Prices on the sticker, a written quote before any repair, and honest advice when a cheaper cart will do the job.',
    icon: 'shield',
  },
  {
    title: 'Service After the Sale',
    text: 'We fix what we sell. Our technicians know every model on the floor, and our vans come to your driveway.',
    icon: 'wrench',
  },
  {
    title: 'Local Knowledge',
    text: 'We ride the same streets you do, and know which carts suit a barrier island, a retirement community or a farm lane.',
    icon: 'pin',
  },
  {
    title: 'Safety First',
    text: 'Street-legal carts come with seat belts, lights and mirrors, and every cart is checked before it leaves us.',
    icon: 'check',
  },
];
