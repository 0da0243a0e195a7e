import { closeSync, openSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isRunning, thisProcess } from './process-identity';

const PREFIX = 'embedded-mongo.in-use-';
const MARKER_NAME = new RegExp(`^${PREFIX.replaceAll('.', '\\.')}((\\d+)-\\w+)\\.\\d+$`);
// Each store a process opens has its own marker: one closing never takes another's away.
let storesOpened = 0;

/**
 * Each process that has the database open keeps an empty file beside it,
 * `embedded-mongo.in-use-<pid>-<start time>.<n>`, removed when it closes the database cleanly.
 * One left by a process that no longer runs means that process stopped without closing: the
 * latest writes may be only in the `-wal`, which must then be there.
 */
export interface InUseMarker {
  /** Removes this marker; with `deadToo`, those of processes that stopped without closing. */
  release(options: { deadToo: boolean }): void;
  /** Whether another store that runs has the database open: the -wal is then in its keeping. */
  othersHoldIt(): boolean;
}

/** Claims this process's marker; the markers of dead processes go too, as this process now holds their log. */
export function claimInUseMarker(dataDir: string): InUseMarker {
  storesOpened += 1;
  const marker = path.join(dataDir, `${PREFIX}${thisProcess()}.${storesOpened}`);
  // An empty file: creating it needs no free block, so it is made on a full disk too.
  closeSync(openSync(marker, 'w', 0o600));
  removeDeadMarkers(dataDir);
  return {
    release({ deadToo }) {
      rmSync(marker, { force: true });
      if (deadToo) removeDeadMarkers(dataDir);
    },
    othersHoldIt() {
      return readdirSync(dataDir).some((name) => {
        const match = MARKER_NAME.exec(name);
        return match !== null && path.join(dataDir, name) !== marker && isRunning(match[1]!);
      });
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
    if (match && !isRunning(match[1]!)) dead.push({ file: path.join(dataDir, name), pid: Number(match[2]) });
  }
  return dead;
}

function removeDeadMarkers(dataDir: string): void {
  for (const { file } of deadInUseMarkers(dataDir)) rmSync(file, { force: true });
}
