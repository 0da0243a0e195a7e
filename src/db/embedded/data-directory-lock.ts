import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

const lockFileName = 'embedded-mongo.lock';
const lockedInThisProcess = new Set<string>();

export interface DataDirectoryLock {
  release(): Promise<void>;
}

/**
 * Claims a data directory for one server. Two servers rewriting the same collection files
 * would silently lose each other's writes. A lock left by a killed process (its pid is no
 * longer running) is taken over, so a crash never blocks the next start.
 */
export async function lockDataDirectory(dataDir: string): Promise<DataDirectoryLock> {
  const directory = path.resolve(dataDir);
  if (lockedInThisProcess.has(directory)) {
    throw new Error(`Embedded MongoDB data directory ${directory} is already open in this process`);
  }
  await mkdir(directory, { recursive: true });
  const lockFile = path.join(directory, lockFileName);
  await claim(lockFile, directory);
  lockedInThisProcess.add(directory);
  return {
    async release() {
      lockedInThisProcess.delete(directory);
      await unlink(lockFile).catch(() => undefined);
    },
  };
}

async function claim(lockFile: string, directory: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
      throw new Error(`Embedded MongoDB data directory ${directory} is in use by process ${owner}`);
    }
    await unlink(lockFile).catch(() => undefined);
  }
  throw new Error(`Embedded MongoDB could not lock data directory ${directory}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
