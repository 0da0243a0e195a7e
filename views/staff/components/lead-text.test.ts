import { describe, expect, it } from 'vitest';
import { agoText, durationText, replyMailto, shortTimeText, telHref } from './lead-text';

describe('the leads pages’ words for times', () => {
  it('says how long a lead waited as a person would', () => {
    expect(durationText(12)).toBe('under a minute');
    expect(durationText(14 * 60 + 59)).toBe('14 min');
    expect(durationText(2 * 3600)).toBe('2 h');
    expect(durationText(2 * 3600 + 5 * 60)).toBe('2 h 5 min');
    expect(durationText(86_400)).toBe('1 day');
    expect(durationText(3 * 86_400 + 4 * 3600 + 59)).toBe('3 days 4 h');
  });

  it('counts "ago" from the answer’s own moment', () => {
    const now = '2026-11-26T15:00:00.000Z';
    expect(agoText('2026-11-26T14:59:30.000Z', now)).toBe('just now');
    expect(agoText('2026-11-26T14:48:00.000Z', now)).toBe('12 min ago');
    expect(agoText('2026-11-26T11:30:00.000Z', now)).toBe('3 h ago');
    expect(agoText('2026-11-24T15:00:00.000Z', now)).toBe('2 days ago');
  });

  it('shows the exact moment on the dealer’s clock, daylight saving time included', () => {
    expect(shortTimeText('2026-11-26T15:04:00.000Z')).toBe('Nov 26, 10:04 AM EST');
    expect(shortTimeText('2026-07-04T01:30:00.000Z')).toBe('Jul 3, 9:30 PM EDT');
  });
});

describe('the contact links', () => {
  it('dials a US number typed any way, without its extension', () => {
    expect(telHref('(609) 555-0142')).toBe('tel:+16095550142');
    expect(telHref('1-609-555-0142')).toBe('tel:+16095550142');
    expect(telHref('609.555.0142 ext 3')).toBe('tel:+16095550142');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });

  it('opens a reply to the shopper naming the unit and quoting the question', () => {
    const href = replyMailto(
      {
        email: 'pat@example.com',
        name: 'Pat Doe',
        kind: 'sales',
        subject: { label: '2025 Evolution D5 Ranger 4 Plus', stockNumber: 'E1234' },
        message: 'Is it still available?\nCan I trade in my old cart?',
      },
      'Shore Golf Carts',
    );
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('pat@example.com');
    expect(url.searchParams.get('subject')).toBe('Your inquiry about 2025 Evolution D5 Ranger 4 Plus');
    const body = url.searchParams.get('body')!;
    expect(body).toContain('Hello Pat Doe,');
    expect(body).toContain('2025 Evolution D5 Ranger 4 Plus (stock number E1234)');
    expect(body).toContain('> Is it still available?\r\n> Can I trade in my old cart?');
    // Spaces as %20, not "+": mail apps read a mailto: link's query by RFC 6068, not as a form.
    expect(href).not.toContain('+');
  });

  it('names the business, not "Sales", when the shopper named no vehicle', () => {
    const url = new URL(
      replyMailto({ email: 'lee@example.com', name: 'Lee', kind: 'sales', subject: { label: 'Sales' }, message: 'Do you deliver?' }, 'Shore Golf Carts'),
    );
    expect(url.searchParams.get('subject')).toBe('Your inquiry to Shore Golf Carts');
    expect(url.searchParams.get('body')).toContain('Thank you for your inquiry to Shore Golf Carts.');
  });

  it('quotes a long question in part, so the link stays short enough for mail apps', () => {
    const href = replyMailto(
      { email: 'pat@example.com', name: 'Pat', kind: 'service', subject: { label: 'Service' }, message: 'word '.repeat(2000) },
      'Shore Golf Carts',
    );
    expect(href.length).toBeLessThan(2600);
    expect(new URL(href).searchParams.get('body')).toContain('…');
  });
});
