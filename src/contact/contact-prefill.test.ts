import { describe, expect, test } from 'vitest';
import { contactPath, type ContactPrefill } from './contact-path';
import { prefillFromSearchParams, prefillMessage, rentalPlanLabel } from './contact-prefill';

/** What the contact page makes of a link another page built with contactPath. */
const messageFor = (link: string, vehicleName?: string) => {
  const prefill = prefillFromSearchParams(new URL(link, 'http://localhost').searchParams);
  return { interest: prefill.interest, message: prefillMessage(prefill, vehicleName) };
};
const messageOf = (prefill: ContactPrefill, vehicleName?: string) => messageFor(contactPath(prefill), vehicleName).message;

describe('prefilled contact links read as the visitor would write them', () => {
  test.each<[string, ContactPrefill, string | undefined, string]>([
    [
      'Schedule Test Drive (vehicle page)',
      { interest: 'sales', topic: 'test drive', vehicle: 'DENAGO EV City' },
      'DENAGO EV City',
      "I'd like to schedule a test drive of the DENAGO EV City.",
    ],
    [
      'Schedule Test Drive (model page, by slug)',
      { interest: 'sales', topic: 'test drive', vehicle: 'denago-ev-city' },
      'DENAGO EV City',
      "I'd like to schedule a test drive of the DENAGO EV City.",
    ],
    ['Book a Test Drive (showroom page)', { interest: 'sales', topic: 'test drive' }, undefined, "I'd like to schedule a test drive."],
    [
      'Get Financing Quote',
      { interest: 'sales', topic: 'financing quote', vehicle: 'EVOLUTION D6 Max GT4' },
      'EVOLUTION D6 Max GT4',
      "I'd like a financing quote for the EVOLUTION D6 Max GT4.",
    ],
    [
      'Get Quote (model page)',
      { interest: 'sales', topic: 'quote', vehicle: 'evolution-carrier-6-plus' },
      'EVOLUTION Carrier 6 Plus',
      "I'd like a quote for the EVOLUTION Carrier 6 Plus.",
    ],
    [
      'Request a Quote (EVOLUTION page)',
      { interest: 'sales', topic: 'quote', vehicle: 'EVOLUTION Turfman 1000' },
      undefined,
      "I'd like a quote for the EVOLUTION Turfman 1000.",
    ],
    ['Contact Us Today (model page)', { interest: 'sales', vehicle: 'denago-ev-city' }, 'DENAGO EV City', "I'm interested in the DENAGO EV City."],
    [
      'Contact Sales Team (vehicle page)',
      { interest: 'sales', topic: 'availability', vehicle: 'DENAGO EV City' },
      'DENAGO EV City',
      "I'd like to know if the DENAGO EV City is available.",
    ],
    ['Contact for Availability (DENAGO page)', { interest: 'sales', topic: 'DENAGO availability' }, undefined, "I'd like to know which DENAGO models are available."],
    ['Ask an Expert (showroom page)', { interest: 'sales', topic: 'consultation' }, undefined, "I'd like advice from one of your experts on choosing the right cart."],
    [
      'Get Free Quote (town page)',
      { interest: 'sales', topic: 'golf cart quote for Toms River Township' },
      undefined,
      "I'd like a free quote on a golf cart delivered to Toms River Township.",
    ],
    [
      'Schedule Service (town page)',
      { interest: 'service', topic: 'mobile service in Ocean City' },
      undefined,
      "I'd like to schedule mobile service for my golf cart in Ocean City.",
    ],
    [
      'Schedule Service (services page)',
      { interest: 'service', topic: 'service appointment' },
      undefined,
      "I'd like to schedule a service appointment for my golf cart.",
    ],
    ['Request Maintenance & Repair', { interest: 'service', topic: 'Maintenance & Repair' }, undefined, "I'd like to request maintenance and repair for my golf cart."],
    ['Request Battery Services', { interest: 'service', topic: 'Battery Services' }, undefined, "I'd like to request battery services for my golf cart."],
    [
      'RESERVE TODAY (6-seater weekly)',
      { interest: 'general', topic: 'rental', plan: '6-seater-weekly' },
      undefined,
      "I'd like to reserve a 6-seater golf cart for a weekly rental.",
    ],
    [
      'RESERVE TODAY (utility 3-day)',
      { interest: 'general', topic: 'rental', plan: 'utility-3-day' },
      undefined,
      "I'd like to reserve a utility cart for a 3-day rental.",
    ],
    ['Reserve Today (rentals hero)', { interest: 'general', topic: 'rental' }, undefined, "I'd like to reserve a golf cart rental."],
    ['Browse help (inventory page)', { interest: 'sales', topic: 'inventory' }, undefined, "I'm looking for a golf cart and would like help choosing the right one."],
  ])('%s', (_button, prefill, vehicleName, message) => {
    expect(messageOf(prefill, vehicleName)).toBe(message);
  });

  test('the interest the link names is preselected', () => {
    expect(messageFor(contactPath({ interest: 'general', topic: 'rental', plan: '6-seater-weekly' })).interest).toBe('general');
    expect(messageFor(contactPath({ interest: 'service', topic: 'Battery Services' })).interest).toBe('service');
  });

  test('a link with only an interest leaves the message to the visitor', () => {
    expect(messageFor('/contact?interest=parts')).toEqual({ interest: 'parts', message: '' });
    expect(messageFor('/contact?interest=service')).toEqual({ interest: 'service', message: '' });
  });

  test('an unknown interest means sales, and a value with a line break is ignored', () => {
    expect(messageFor('/contact?interest=admin&topic=a%0Ab')).toEqual({ interest: 'sales', message: '' });
  });

  test('an unknown plan is not made up, and the staff e-mail names a known one in full', () => {
    expect(rentalPlanLabel('8-seater-yearly')).toBeUndefined();
    expect(rentalPlanLabel('6-seater-weekly')).toBe('6 Seater Golf Cart Weekly Rental');
    expect(messageFor('/contact?interest=general&topic=rental&plan=8-seater-yearly').message).toBe("I'd like to reserve a golf cart rental.");
  });
});
