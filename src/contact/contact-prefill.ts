import { rentalPlanGroups } from '../../seeds/rental-plans';
import type { Vehicle } from '../catalog/vehicle';
import type { Interest } from '../lib/contact-path';
import { CONTACT_INTERESTS, parseContactContext, type ContactContext } from './contact-schema';

/** What a prefilled contact link asks for: see contactPath, which writes these links. */
export interface ContactPrefill extends ContactContext {
  interest: Interest;
}

/** Reads interest, topic, plan and vehicle from the contact page's query string; anything odd is dropped. */
export function prefillFromSearchParams(params: URLSearchParams): ContactPrefill {
  const interest = params.get('interest');
  const context = parseContactContext({
    topic: params.get('topic') ?? undefined,
    plan: params.get('plan') ?? undefined,
    vehicle: params.get('vehicle') ?? undefined,
  });
  return { interest: CONTACT_INTERESTS.find((known) => known === interest) ?? 'sales', ...context };
}

/** "6-seater-weekly" → "6 Seater Golf Cart Weekly Rental", from the rental plans the rentals page shows. */
export function rentalPlanLabel(planKey: string): string | undefined {
  for (const group of rentalPlanGroups) {
    const plan = group.plans.find((candidate) => `${group.id}-${candidate.id}` === planKey);
    if (plan) return `${group.title.replace(/s$/, '')} ${plan.title}`;
  }
  return undefined;
}

/** The catalogue vehicle a link names, by id, slug or name; links may use any of the three. */
export function findVehicleOfInterest(vehicles: Vehicle[], key: string): Vehicle | undefined {
  const wanted = key.trim().toLowerCase();
  return vehicles.find((vehicle) => vehicle.id === wanted || vehicle.slug === wanted || vehicle.name.toLowerCase() === wanted);
}

/**
 * The first lines of the message for a visitor who came from a reserve, quote or schedule button,
 * so they only add their dates or questions. Empty when the link said nothing specific.
 */
export function prefillMessage(prefill: ContactPrefill, vehicleName?: string): string {
  const sentences: string[] = [];
  const { topic, plan, vehicle, interest } = prefill;
  const planLabel = plan ? rentalPlanLabel(plan) : undefined;
  if (planLabel) sentences.push(`I'd like to reserve the ${planLabel} (${plan}).`);
  else if (plan || topic?.toLowerCase() === 'rental') sentences.push("I'd like to reserve a golf cart rental.");

  const vehicleLabel = vehicleName ?? vehicle;
  if (vehicleLabel) {
    sentences.push(interest === 'service' ? `I'd like to schedule service for my ${vehicleLabel}.` : `I'd like a quote for the ${vehicleLabel}.`);
  }

  if (topic && topic.toLowerCase() !== 'rental') {
    if (interest === 'service') {
      sentences.push(/^service appointment$/i.test(topic) ? "I'd like to schedule a service appointment." : `I'd like to schedule service: ${topic}.`);
    }
    else if (/quote/i.test(topic)) {
      if (!vehicleLabel) sentences.push("I'd like a free quote.");
    } else sentences.push(`I'd like to know more about ${topic}.`);
  }
  return sentences.join(' ');
}
