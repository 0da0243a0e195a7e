import { describe, expect, it } from 'vitest';
import { firstOfEach, HeldForVersion, RidBits, ridsOf } from './held-rids';

describe('rid sets held in memory', () => {
  it('hold exactly the rids given, at word edges and past the largest', () => {
    const rids = [1, 2, 31, 32, 33, 63, 64, 1000, 23_001];
    const bits = new RidBits(Int32Array.from(rids));
    for (let rid = 0; rid <= 23_100; rid += 1) expect(bits.has(rid), String(rid)).toBe(rids.includes(rid));
    expect(new RidBits(new Int32Array(0)).has(1)).toBe(false);
  });

  it('read group_concat as rids, none for null', () => {
    expect([...ridsOf('5,1,700')]).toEqual([5, 1, 700]);
    expect([...ridsOf(null)]).toEqual([]);
  });

  it('keep each rid where it first comes', () => {
    expect([...firstOfEach(Int32Array.from([4, 2, 4, 9, 2, 1]))]).toEqual([4, 2, 9, 1]);
  });

  it('build a value once per version and key, forget all at a new version, and let the least recently used go', () => {
    const held = new HeldForVersion<string>(2);
    let builds = 0;
    const get = (version: string, key: string) => held.get(version, key, () => `${version}/${key}/${(builds += 1)}`);
    expect(get('v1', 'a')).toBe('v1/a/1');
    expect(get('v1', 'a')).toBe('v1/a/1');
    expect(get('v1', 'b')).toBe('v1/b/2');
    expect(get('v1', 'a')).toBe('v1/a/1');
    // Past the limit, b (used least recently) goes; a stays.
    expect(get('v1', 'c')).toBe('v1/c/3');
    expect(get('v1', 'a')).toBe('v1/a/1');
    expect(get('v1', 'b')).toBe('v1/b/4');
    expect(get('v2', 'a')).toBe('v2/a/5');
  });
});
