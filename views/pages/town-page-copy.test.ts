import { describe, expect, it } from 'vitest';
import { towns, type Town } from '../../seeds/towns';
import { townPageCopy } from './town-page-copy';

function town(name: string): Town {
  const found = towns.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no town ${name}`);
  return found;
}

/** Every sentence the page writes around the town's own texts, with the names taken out. */
function generatedSentences(subject: Town): string[] {
  const copy = townPageCopy(subject, '16+');
  let text = [
    copy.pitch,
    copy.localTitle,
    copy.localParagraphs.at(-1),
    copy.brandsNote,
    copy.popularTitle,
    copy.popularIntro,
    copy.contactTitle,
    copy.contactText,
    copy.whyTitle,
    ...copy.whyPoints.flatMap((point) => [point.title, point.text]),
    copy.closingTitle,
    copy.closingText,
    copy.deliveryNote,
  ].join(' ');
  for (const name of [copy.fullName, copy.spokenName, subject.name]) text = text.replaceAll(name, '{town}');
  return text.replaceAll(`${subject.county} County`, '{county}').split(/(?<=[.!?])\s+/);
}

describe('townPageCopy', () => {
  it('titles the page with the full town name and the state', () => {
    expect(townPageCopy(town('Toms River'), '16+')).toMatchObject({
      heading: 'Golf Carts in Toms River Township, NJ',
      seoTitle: 'Golf Carts in Toms River Township, NJ: Sales, Rentals & Service',
    });
    expect(townPageCopy(town('Ocean City'), '16+').heading).toBe('Golf Carts in Ocean City, NJ');
    expect(townPageCopy(town('Cape May'), '16+').heading).toBe('Golf Carts in Cape May City, NJ');
  });

  it('calls townships by their full name and boroughs and cities by their own', () => {
    expect(townPageCopy(town('Ocean'), '16+').spokenName).toBe('Ocean Township');
    expect(townPageCopy(town('Lower'), '16+').spokenName).toBe('Lower Township');
    expect(townPageCopy(town('Bay Head'), '16+').spokenName).toBe('Bay Head');
    expect(townPageCopy(town('Wildwood'), '16+').spokenName).toBe('Wildwood');
  });

  it('names the town and its own county in the delivery note, never the other county', () => {
    for (const subject of towns) {
      const copy = townPageCopy(subject, '16+');
      const other = subject.county === 'Ocean' ? 'Cape May County' : 'Ocean County';
      expect(copy.deliveryNote, subject.name).toContain(copy.fullName);
      expect(copy.deliveryNote, subject.name).toContain(`${subject.county} County`);
      expect(JSON.stringify(copy), subject.name).not.toContain(other);
    }
  });

  it("opens with the town's own introduction and how people there use carts", () => {
    const subject = town('Barnegat Light');
    const [intro, use] = townPageCopy(subject, '16+').localParagraphs;
    expect(intro).toBe(subject.intro);
    expect(use).toContain(subject.cartUse);
  });

  it('links the neighbouring towns to their pages', () => {
    expect(townPageCopy(town('Beachwood'), '16+').neighbors).toEqual([
      { label: 'Pine Beach Borough', path: '/pine-beach-borough-golf-carts' },
      { label: 'South Toms River Borough', path: '/south-toms-river-borough-golf-carts' },
      { label: 'Berkeley Township', path: '/berkeley-township-golf-carts' },
    ]);
  });

  it('prefills the quote and service requests with the town', () => {
    const copy = townPageCopy(town('Stone Harbor'), '16+');
    expect(copy.quote).toEqual({ interest: 'sales', topic: 'golf cart quote for Stone Harbor Borough' });
    expect(copy.service).toEqual({ interest: 'service', topic: 'mobile service in Stone Harbor Borough' });
  });

  it('does not write the same page around every town with only the name swapped', () => {
    const pages = towns.map((subject) => generatedSentences(subject).join(' '));
    expect(new Set(pages).size).toBe(towns.length);
    const pitches = new Set(towns.map((subject) => generatedSentences(subject)[0]));
    expect(pitches.size).toBeGreaterThanOrEqual(4);
    for (const [i, a] of towns.entries()) {
      const mine = new Set(generatedSentences(a));
      for (const b of towns.slice(i + 1)) {
        const shared = generatedSentences(b).filter((sentence) => mine.has(sentence)).length;
        expect(shared / mine.size, `${a.name} / ${b.name}`).toBeLessThan(0.75);
      }
    }
  });
});
