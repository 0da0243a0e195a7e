import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../support/test-app';
import { navigation } from '../../views/layout/navigation';

// Every button that leads to the contact form opens it with a message the visitor could have
// written themselves: what they clicked, about what, in plain words.

const site = useTestApp();

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** The page's links to the contact form, each with its visible label. */
async function contactButtons(path: string): Promise<Array<{ label: string; href: string }>> {
  const { text } = await request(site.app).get(path).expect(200);
  return [...text.matchAll(/<a\b[^>]*?href="(\/contact\?[^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({
    href: decode(match[1]!),
    label: decode(
      match[2]!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  }));
}

/** The interest and the message the contact form starts with when a link is followed. */
async function formFrom(href: string): Promise<{ interest: string; message: string }> {
  const { text } = await request(site.app).get(href).expect(200);
  return {
    interest: /<option value="(\w+)" selected="">/.exec(text)?.[1] ?? 'sales',
    message: decode(/<textarea[^>]*>([^<]*)<\/textarea>/.exec(text)?.[1] ?? ''),
  };
}

async function messagesOn(path: string): Promise<Record<string, string>> {
  const messages: Record<string, string> = {};
  for (const { label, href } of await contactButtons(path)) messages[label] = (await formFrom(href)).message;
  return messages;
}

describe('buttons to the contact form prefill a message a person would write', () => {
  test('the vehicle page: Schedule Test Drive, Get Financing Quote, Contact Sales Team', async () => {
    const { body } = await request(site.app).get('/api/vehicles').expect(200);
    const evCity = (body as Array<{ id: string; slug: string }>).find((vehicle) => vehicle.slug === 'denago-ev-city')!;
    expect(await messagesOn(`/vehicle/${evCity.id}`)).toMatchObject({
      'Schedule Test Drive': "I'd like to schedule a test drive of the DENAGO EV City.",
      'Get Financing Quote': "I'd like a financing quote for the DENAGO EV City.",
      'Contact Sales Team': "I'd like to know if the DENAGO EV City is available.",
    });
  });

  test.each([
    {
      page: 'a model page: Get Quote, Schedule Test Drive, Contact Us Today',
      path: '/vehicles/denago-ev-city',
      messages: {
        'Get Quote': "I'd like a quote for the DENAGO EV City.",
        'Schedule Test Drive': "I'd like to schedule a test drive of the DENAGO EV City.",
        'Contact Us Today': "I'm interested in the DENAGO EV City.",
      },
    },
    {
      page: 'a model page: Get Quote Today',
      path: '/vehicles/evolution-carrier-6-plus',
      messages: { 'Get Quote Today': "I'd like a quote for the EVOLUTION Carrier 6 Plus." },
    },
    {
      page: 'the showroom page: Book a Test Drive, Ask an Expert',
      path: '/showroom',
      messages: {
        'Schedule a Visit': "I'd like to schedule a test drive.",
        'Book a Test Drive': "I'd like to schedule a test drive.",
        'Ask an Expert': "I'd like advice from one of your experts on choosing the right cart.",
      },
    },
    {
      page: 'a town page: Get Free Quote and Schedule Service',
      path: '/toms-river-township-golf-carts',
      messages: {
        'Get Free Quote': "I'd like a free quote on a golf cart delivered to Toms River Township.",
        'Schedule Service': "I'd like to schedule mobile service for my golf cart in Toms River Township.",
      },
    },
  ])('$page', async ({ path, messages }) => {
    expect(await messagesOn(path)).toMatchObject(messages);
  });

  test('the rentals page: RESERVE TODAY for a plan, and Reserve Today', async () => {
    const buttons = await contactButtons('/rentals');
    const weekly = buttons.find((button) => button.href.includes('plan=6-seater-weekly'))!;
    expect(weekly.label).toMatch(/RESERVE TODAY/i);
    expect(await formFrom(weekly.href)).toEqual({ interest: 'general', message: "I'd like to reserve a 6-seater golf cart for a weekly rental." });
    expect((await messagesOn('/rentals'))['Reserve Today']).toBe("I'd like to reserve a golf cart rental.");
  });

  test('the services page: Schedule Service and each Request button', async () => {
    const messages = await messagesOn('/services');
    expect(messages).toMatchObject({
      'Request Battery Services': "I'd like to request battery services for my golf cart.",
      'Request Maintenance & Repair': "I'd like to request maintenance and repair for my golf cart.",
    });
    expect(Object.values(messages)).toContain("I'd like to schedule a service appointment for my golf cart.");
  });

  test('the brand pages: availability and quote requests', async () => {
    expect(Object.values(await messagesOn('/denago'))).toContain("I'd like to know which DENAGO models are available.");
    expect(Object.values(await messagesOn('/evolution'))).toContain("I'd like a quote for the EVOLUTION Turfman 1000.");
  });

  test('no button anywhere falls back to a vague or half-written sentence', async () => {
    const headerPages = navigation.map((link) => link.to).filter((path) => path !== '/contact');
    const pages = [...headerPages, '/denago', '/evolution', '/vehicles/evolution-d6-max-gt4', '/ocean-city-golf-carts'];
    for (const path of pages) {
      for (const [label, message] of Object.entries(await messagesOn(path))) {
        expect(message, `${path}: ${label}`).not.toMatch(/know more about|have a question about|quote for the [a-z0-9-]+\.$/);
      }
    }
  });
});
