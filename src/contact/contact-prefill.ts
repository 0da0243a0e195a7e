import { rentalPlanGroups } from '../../seeds/rental-plans';
import type { Catalog } from '../catalog/catalog';
import type { Vehicle } from '../catalog/vehicle';
import { isVehicleId } from '../catalog/vehicle-key';
import type { ContactPrefill } from './contact-path';
import { parseContactContext } from './contact-schema';
import { INTERESTS } from './interest';

/** Reads interest, topic, plan and vehicle from the contact page's query string; anything odd is dropped. */
export function prefillFromSearchParams(params: URLSearchParams): ContactPrefill {
  const interest = params.get('interest');
  const context = parseContactContext({
    topic: params.get('topic') ?? undefined,
    plan: params.get('plan') ?? undefined,
    vehicle: params.get('vehicle') ?? undefined,
  });
  return { interest: INTERESTS.find((known) => known === interest) ?? 'sales', ...context };
}

/** "6-seater-weekly" → "6 Seater Golf Cart Weekly Rental", from the rental plans the rentals page shows. */
export function rentalPlanLabel(planKey: string): string | undefined {
  for (const group of rentalPlanGroups) {
    const plan = group.plans.find((candidate) => `${group.id}-${candidate.id}` === planKey);
    if (plan) return `${group.title.replace(/s$/, '')} ${plan.title}`;
  }
  return undefined;
}

/**
 * A vehicle's name as its slug: "EVOLUTION D5 Ranger 2+2 Plus" → "evolution-d5-ranger-22-plus", as
 * the catalog file writes a model entry's slug. A slug is its own slug.
 */
function slugOfName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');
}

/**
 * The catalog vehicle a link names, asked of the catalog in one lookup: by id, else by slug. Links
 * may also name a model entry as older pages wrote them ("DENAGO EV City"); its slug is that name
 * in kebab-case, so they find it by slug too.
 */
export function findVehicleOfInterest(catalog: Pick<Catalog, 'findVehicle' | 'findVehicleBySlug'>, key: string): Promise<Vehicle | null> {
  const wanted = key.trim();
  return isVehicleId(wanted) ? catalog.findVehicle(wanted) : catalog.findVehicleBySlug(slugOfName(wanted));
}

/** A vehicle as a visitor names it in a message: a unit by its stock number too, as the lot knows it. */
export function vehicleLabel(vehicle: Pick<Vehicle, 'name' | 'unit'>): string {
  return vehicle.unit ? `${vehicle.name} (stock #${vehicle.unit.stockNumber})` : vehicle.name;
}

/** "6-seater-weekly" → "a 6-seater golf cart for a weekly rental", as a person would ask for it. */
function rentalRequest(planKey: string): string | undefined {
  for (const group of rentalPlanGroups) {
    const plan = group.plans.find((candidate) => `${group.id}-${candidate.id}` === planKey);
    if (plan)
      return `a ${group.title
        .replace(/s$/, '')
        .replace(/^(\d+) Seater/, '$1-seater')
        .toLowerCase()} for a ${plan.title.toLowerCase()}`;
  }
  return undefined;
}

/** "Maintenance & Repair" → "maintenance and repair". */
const inWords = (title: string) => title.replace(/ & /g, ' and ').toLowerCase();

function serviceRequest(topic: string | undefined, vehicle: string | undefined): string {
  if (vehicle) return `I'd like to schedule service for my ${vehicle}.`;
  if (!topic) return '';
  const town = /^mobile service in (.+)$/i.exec(topic);
  if (town) return `I'd like to schedule mobile service for my golf cart in ${town[1]}.`;
  if (/^service appointment$/i.test(topic)) return "I'd like to schedule a service appointment for my golf cart.";
  return `I'd like to request ${inWords(topic)} for my golf cart.`;
}

function salesRequest(topic: string | undefined, vehicle: string | undefined): string {
  const key = topic?.toLowerCase() ?? '';
  if (key === 'test drive') return vehicle ? `I'd like to schedule a test drive of the ${vehicle}.` : "I'd like to schedule a test drive.";
  if (key.startsWith('financing')) return vehicle ? `I'd like a financing quote for the ${vehicle}.` : "I'd like to know my financing options.";
  if (key === 'quote' || key === 'free quote' || key === 'pricing') return vehicle ? `I'd like a quote for the ${vehicle}.` : "I'd like a free quote.";
  const town = /^golf cart quote for (.+)$/i.exec(topic ?? '');
  if (town) return `I'd like a free quote on a golf cart delivered to ${town[1]}.`;
  if (key === 'availability') return vehicle ? `I'd like to know if the ${vehicle} is available.` : "I'd like to know which models are available.";
  const brand = /^(.+) availability$/i.exec(topic ?? '');
  if (brand) return `I'd like to know which ${brand[1]} models are available.`;
  if (key === 'consultation') return "I'd like advice from one of your experts on choosing the right cart.";
  if (key === 'inventory') return "I'm looking for a golf cart and would like help choosing the right one.";
  if (topic) return vehicle ? `I have a question about the ${vehicle}: ${topic}.` : `I have a question about ${topic}.`;
  return vehicle ? `I'm interested in the ${vehicle}.` : '';
}

/**
 * The first lines of the message for a visitor who came from a button (reserve, quote, test
 * drive, financing, service, ask an expert), written as the visitor would write them, so they only
 * add their dates or questions. Empty when the link said nothing specific.
 */
export function prefillMessage(prefill: ContactPrefill, vehicleName?: string): string {
  const { topic, plan, vehicle, interest } = prefill;
  const rental = plan ? rentalRequest(plan) : undefined;
  if (rental) return `I'd like to reserve ${rental}.`;
  if (plan || topic?.toLowerCase() === 'rental') return "I'd like to reserve a golf cart rental.";
  const vehicleLabel = vehicleName ?? vehicle;
  return interest === 'service' ? serviceRequest(topic, vehicleLabel) : salesRequest(topic, vehicleLabel);
}
