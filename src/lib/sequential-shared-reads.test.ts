import { describe, expect, it } from 'vitest';
import { sequentialSharedReads } from './sequential-shared-reads';

describe('sequentialSharedReads', () => {
  it('answers a caller only with a read that began after it called, one read at a time, shared by those waiting', async () => {
    let started = 0;
    let running = 0;
    let mostAtOnce = 0;
    const releases: Array<() => void> = [];
    const read = sequentialSharedReads(async () => {
      const number = (started += 1);
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
      return number;
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    const first = read();
    const second = read();
    const third = read();
    await settle();
    expect(started).toBe(1);
    releases.shift()!();
    expect(await first).toBe(1);
    await settle();
    expect(started).toBe(2);
    const fourth = read();
    releases.shift()!();
    expect([await second, await third]).toEqual([2, 2]);
    await settle();
    releases.shift()!();
    expect(await fourth).toBe(3);
    expect(mostAtOnce).toBe(1);
    expect(await (async () => {
      const alone = read();
      await settle();
      releases.shift()!();
      return alone;
    })()).toBe(4);
  });

  it('passes a failed read on to its callers, and the next caller gets a new read', async () => {
    let calls = 0;
    const read = sequentialSharedReads(async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return calls;
    });
    await expect(read()).rejects.toThrow('down');
    expect(await read()).toBe(2);
  });
});
