import { describe, expect, it } from 'vitest';
import { createKeptMap } from './kept-map';

describe('a kept map', () => {
  it('holds at most its capacity, the oldest not asked for since going first', () => {
    const kept = createKeptMap<string, number>(3);
    kept.set('a', 1);
    kept.set('b', 2);
    kept.set('c', 3);
    expect(kept.get('a')).toBe(1);
    // 'a' was asked for: it gets a second chance, and 'b' goes.
    kept.set('d', 4);
    expect(kept.size).toBe(3);
    expect(kept.get('b')).toBeUndefined();
    expect([kept.get('a'), kept.get('c'), kept.get('d')]).toEqual([1, 3, 4]);
  });

  it('when every entry was asked for, passes over each once and drops the oldest', () => {
    const kept = createKeptMap<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    kept.get('a');
    kept.get('b');
    kept.set('c', 3);
    expect([kept.get('a'), kept.get('b'), kept.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('replaces a kept value in place, without making room', () => {
    const kept = createKeptMap<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    kept.set('a', 10);
    expect(kept.size).toBe(2);
    expect([kept.get('a'), kept.get('b')]).toEqual([10, 2]);
  });
});
