import { closeSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const PREFIX = 'embedded-mongo.in-use-';
const MARKER_NAME = new RegExp(`^${PREFIX.replaceAll('.', '\\.')}(\\d+)-(\\w+)$`);

/**
 * Each process that has the database open keeps an empty file beside it,
 * `embedded-mongo.in-use-<pid>-<start time>`, removed when it closes the database with its
 * write-ahead log folded into the file. One left by a process that no longer runs means that
 * process stopped without closing: the latest writes may be only in the `-wal`, which must then
 * be there. The start time tells a process from a later one given the same pid.
 */
export interface InUseMarker {
  /** Removes this process's marker; with `deadToo`, those of processes that stopped without closing. */
  release(options: { deadToo: boolean }): void;
}

/** Claims this process's marker; the markers of dead processes go too, as this process now holds their log. */
export function claimInUseMarker(dataDir: string): InUseMarker {
  const marker = path.join(dataDir, `${PREFIX}${process.pid}-${startTimeOf(process.pid) ?? 'unknown'}`);
  // An empty file: creating it needs no free block, so it is made on a full disk too.
  closeSync(openSync(marker, 'w', 0o600));
  removeDeadMarkers(dataDir);
  return {
    release({ deadToo }) {
      rmSync(marker, { force: true });
      if (deadToo) removeDeadMarkers(dataDir);
    },
  };
}

/** The markers of processes that had the database open and stopped without closing it, with their pids. */
export function deadInUseMarkers(dataDir: string): Array<{ file: string; pid: number }> {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return [];
  }
  const dead = [];
  for (const name of names) {
    const match = MARKER_NAME.exec(name);
    if (match && !isRunning(Number(match[1]), match[2]!)) dead.push({ file: path.join(dataDir, name), pid: Number(match[1]) });
  }
  return dead;
}

function removeDeadMarkers(dataDir: string): void {
  for (const { file } of deadInUseMarkers(dataDir)) rmSync(file, { force: true });
}

function isRunning(pid: number, startTime: string): boolean {
  // This process's own pid on a marker it did not write: an earlier process given the same pid (a container's pid 1).
  if (pid === process.pid) return startTime === (startTimeOf(pid) ?? 'unknown');
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const current = startTimeOf(pid);
  return startTime === 'unknown' || current === undefined || current === startTime;
}

/** When a process started (clock ticks since boot, /proc/<pid>/stat field 22); undefined where /proc is not there. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which may itself hold spaces and parentheses; field 3 first.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
  } catch {
    return undefined;
  }
}
