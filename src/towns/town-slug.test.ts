import { describe, expect, it } from 'vitest';
import { townSlug } from './town-slug';

describe('townSlug', () => {
  it.each([
    // Lower-cases a name and joins its words with hyphens.
    ['Toms River', 'toms-river'],
    ['Point Pleasant Beach', 'point-pleasant-beach'],
    ['Township', 'township'],
    // Drops apostrophes and periods without splitting the word.
    ["St. Mary's", 'st-marys'],
    ['Egg Harbor’s Point', 'egg-harbors-point'],
    // Turns dashes, ampersands and accents into plain slug characters.
    ['Cape May–Lewes', 'cape-may-lewes'],
    ['Bay & River', 'bay-and-river'],
    ['Pointe Bréeze', 'pointe-breeze'],
    ['  Surf   City ', 'surf-city'],
  ])('turns %j into %s', (name, slug) => {
    expect(townSlug(name)).toBe(slug);
  });
});
