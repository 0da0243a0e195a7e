import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// What a benchmark reads of the process it measures, from /proc (Linux): the whole process, every
// thread (the embedded store's worker included), whatever the load generator beside it costs.

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds a process has used (user + system, every thread), or null where /proc is missing. */
export function cpuSecondsOf(pid: number): number | null {
  try {
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** A process's resident memory now and at its peak (VmRSS, VmHWM), in MiB; null where /proc is missing. */
export function residentMemoryOf(pid: number): { now: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    const now = kib('VmRSS');
    const peak = kib('VmHWM');
    return Number.isFinite(now) && Number.isFinite(peak) ? { now: now / 1024, peak: peak / 1024 } : null;
  } catch {
    return null;
  }
}
