import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from './render-head-tags';

describe('serializeJsonLd', () => {
  it('keeps a value that would close the script element, or open a comment, from doing so, and the JSON the same', () => {
    const value = { name: 'Carts </script><script>alert(1)</script> & <!-- more -->', plain: 'EV City' };
    const json = serializeJsonLd(value);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
