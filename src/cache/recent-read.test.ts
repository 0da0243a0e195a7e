import { systemClock } from '../time/clock';
import { describe, expect, it } from 'vitest';
import { recentRead } from './recent-read';

function source() {
  let value = 1;
  let reads = 0;
  let failing = false;
  return {
    read: async () => {
      reads += 1;
      if (failing) throw new Error('unavailable');
      return value;
    },
    set: (next: number) => (value = next),
    fail: (next: boolean) => (failing = next),
    reads: () => reads,
  };
}

describe('recentRead', () => {
  it('reads at most once per period, however many callers ask', async () => {
    let time = 0;
    const data = source();
    const version = recentRead(data.read, { maxAgeMs: 1000, clock: () => new Date(time) });
    expect(await Promise.all([version(), version(), version()])).toEqual([1, 1, 1]);
    data.set(2);
    time = 999;
    expect(await version()).toBe(1);
    expect(data.reads()).toBe(1);
    time = 1000;
    expect(await version()).toBe(2);
    expect(data.reads()).toBe(2);
  });

  it('reads afresh after forget, for a change this process made itself', async () => {
    const data = source();
    const version = recentRead(data.read, { maxAgeMs: 60_000, clock: systemClock });
    expect(await version()).toBe(1);
    data.set(2);
    version.forget();
    expect(await version()).toBe(2);
  });

  it('keeps no failed read: the next caller tries again', async () => {
    const data = source();
    const version = recentRead(data.read, { maxAgeMs: 60_000, clock: systemClock });
    data.fail(true);
    await expect(version()).rejects.toThrow('unavailable');
    data.fail(false);
    expect(await version()).toBe(1);
    expect(data.reads()).toBe(2);
  });
});
