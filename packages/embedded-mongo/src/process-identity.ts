import { readFileSync } from 'node:fs';

/**
 * A process as files left behind name it: its pid and when it started, `<pid>-<start time>`, so
 * that a later process given the same pid (a container's pid 1 after a restart) is not taken for
 * it. The start time is /proc/<pid>/stat's field 22, or "unknown" where /proc is not there.
 */
export function thisProcess(): string {
  return `${process.pid}-${startTimeOf(process.pid) ?? 'unknown'}`;
}

/** Whether the process a `<pid>-<start time>` names still runs. */
export function isRunning(identity: string): boolean {
  const [pidText, startTime] = identity.split('-');
  const pid = Number(pidText);
  if (pid === process.pid) return identity === thisProcess();
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const current = startTimeOf(pid);
  return startTime === 'unknown' || current === undefined || current === startTime;
}

function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which may itself hold spaces and parentheses; field 3 first.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
  } catch {
    return undefined;
  }
}
