import { describe, expect, test } from 'vitest';
import { shortenText } from './shorten-text';

describe('shortening a description for a card or a search result', () => {
  test('keeps whole sentences while they fit', () => {
    const text = 'The D6 Max GT4 is a four-seat performance cart that reaches 25+ mph. It has a lithium battery. It comes in six colors.';
    expect(shortenText(text, 100)).toBe('The D6 Max GT4 is a four-seat performance cart that reaches 25+ mph. It has a lithium battery.');
    expect(shortenText(text, 70)).toBe('The D6 Max GT4 is a four-seat performance cart that reaches 25+ mph.');
    expect(shortenText(text, 500)).toBe(text);
  });

  test('cuts a long first sentence between words, never inside a figure, and marks the cut', () => {
    const text = 'The EV Nomad is a four-seat electric cart with 35-45 miles of range on all-terrain tires for beach roads and campgrounds.';
    for (const limit of [48, 49, 50, 51, 52, 60]) {
      const short = shortenText(text, limit);
      expect(short.length).toBeLessThanOrEqual(limit);
      expect(short).toMatch(/…$/);
      expect(text.startsWith(short.slice(0, -1))).toBe(true);
      expect(short).not.toMatch(/\b35-4…|\d…$/);
    }
    expect(shortenText(text, 52)).toBe('The EV Nomad is a four-seat electric cart with…');
  });
});
