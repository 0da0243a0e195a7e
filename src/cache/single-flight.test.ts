import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('gives concurrent callers of one key the same run, its failure included, and runs again afterwards', async () => {
    const once = singleFlight<number>();
    let runs = 0;
    const task = async () => {
      runs += 1;
      // Settles after the other callers have asked: they were all called in one go.
      await Promise.resolve();
      if (runs === 2) throw new Error('failed');
      return runs;
    };
    expect(await Promise.all([once('a', task), once('a', task)])).toEqual([1, 1]);
    const failing = [once('a', task), once('a', task)];
    for (const result of failing) await expect(result).rejects.toThrow('failed');
    expect(await once('a', task)).toBe(3);
    expect(runs).toBe(3);
  });
});
