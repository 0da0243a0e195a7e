import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// What a benchmark reads of the process it measures, from /proc (Linux): the whole process, every
// thread (the embedded store's worker included), whatever the load generator beside it costs.

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU seconds in a /proc stat line: fields 14 and 15, counted after the command name, which is in parentheses and may hold spaces. */
function cpuSecondsInStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** CPU seconds a process has used (user + system, every thread), or null where /proc is missing. */
export function cpuSecondsOf(pid: number): number | null {
  try {
    return cpuSecondsInStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** CPU seconds each thread of a process has used, by thread id, with its name ('web thread' for the main one); empty where /proc is missing. */
export function threadCpuSecondsOf(pid: number): Map<string, { name: string; seconds: number }> {
  const threads = new Map<string, { name: string; seconds: number }>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      threads.set(tid, { name: tid === String(pid) ? 'web thread' : name, seconds: cpuSecondsInStat(stat) });
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return threads;
}

/** Per thread name (the thread pool's four, V8's helpers, summed), the CPU seconds used between two readings of threadCpuSecondsOf. */
export function cpuSecondsByThreadName(before: ReturnType<typeof threadCpuSecondsOf>, after: ReturnType<typeof threadCpuSecondsOf>): Map<string, number> {
  const used = new Map<string, number>();
  for (const [tid, thread] of after) used.set(thread.name, (used.get(thread.name) ?? 0) + thread.seconds - (before.get(tid)?.seconds ?? 0));
  return used;
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
