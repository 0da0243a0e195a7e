import { describe, expect, test } from 'vitest';
import { contactPath } from '../lib/contact-path';
import { prefillFromSearchParams, prefillMessage, rentalPlanLabel } from './contact-prefill';

/** What the contact page makes of a link another page built with contactPath. */
const messageFor = (link: string, vehicleName?: string) => {
  const prefill = prefillFromSearchParams(new URL(link, 'http://localhost').searchParams);
  return { interest: prefill.interest, message: prefillMessage(prefill, vehicleName) };
};

describe('prefilled contact links', () => {
  test('a rental RESERVE TODAY button asks to reserve that plan', () => {
    expect(messageFor(contactPath({ interest: 'general', topic: 'rental', plan: '6-seater-weekly' }))).toEqual({
      interest: 'general',
      message: "I'd like to reserve the 6 Seater Golf Cart Weekly Rental (6-seater-weekly).",
    });
    expect(messageFor(contactPath({ interest: 'general', topic: 'rental', plan: 'utility-3-day' })).message).toBe(
      "I'd like to reserve the Utility Cart 3-Day Rental (utility-3-day).",
    );
  });

  test('a general rental button asks for a rental', () => {
    expect(messageFor(contactPath({ interest: 'general', topic: 'rental' })).message).toBe("I'd like to reserve a golf cart rental.");
  });

  test('a quote button on a vehicle asks for a quote on it, by its name', () => {
    expect(messageFor(contactPath({ interest: 'sales', vehicle: 'denago-ev-city' }), 'DENAGO EV City')).toEqual({
      interest: 'sales',
      message: "I'd like a quote for the DENAGO EV City.",
    });
  });

  test('schedule-service buttons name the service', () => {
    expect(messageFor(contactPath({ interest: 'service', topic: 'service appointment' })).message).toBe("I'd like to schedule a service appointment.");
    expect(messageFor(contactPath({ interest: 'service', topic: 'Battery Services' })).message).toBe("I'd like to schedule service: Battery Services.");
  });

  test('a free-quote button on a town page asks for a quote', () => {
    expect(messageFor(contactPath({ interest: 'sales', topic: 'free quote' })).message).toBe("I'd like a free quote.");
  });

  test('a link with only an interest leaves the message to the visitor', () => {
    expect(messageFor('/contact?interest=parts')).toEqual({ interest: 'parts', message: '' });
  });

  test('an unknown interest means sales, and a value with a line break is ignored', () => {
    expect(messageFor('/contact?interest=admin&topic=a%0Ab')).toEqual({ interest: 'sales', message: '' });
  });

  test('an unknown plan is not made up', () => {
    expect(rentalPlanLabel('8-seater-yearly')).toBeUndefined();
    expect(messageFor('/contact?interest=general&topic=rental&plan=8-seater-yearly').message).toBe("I'd like to reserve a golf cart rental.");
  });
});
