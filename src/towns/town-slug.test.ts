import { describe, expect, it } from 'vitest';
import { townSlug } from './town-slug';

describe('townSlug', () => {
  it('lower-cases a name and joins its words with hyphens', () => {
    expect(townSlug('Toms River')).toBe('toms-river');
    expect(townSlug('Point Pleasant Beach')).toBe('point-pleasant-beach');
    expect(townSlug('Township')).toBe('township');
  });

  it('drops apostrophes and periods without splitting the word', () => {
    expect(townSlug("St. Mary's")).toBe('st-marys');
    expect(townSlug('Egg Harbor’s Point')).toBe('egg-harbors-point');
  });

  it('turns dashes, ampersands and accents into plain slug characters', () => {
    expect(townSlug('Cape May–Lewes')).toBe('cape-may-lewes');
    expect(townSlug('Bay & River')).toBe('bay-and-river');
    expect(townSlug('Pointe Bréeze')).toBe('pointe-breeze');
    expect(townSlug('  Surf   City ')).toBe('surf-city');
  });
});
