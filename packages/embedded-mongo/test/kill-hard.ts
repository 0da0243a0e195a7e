import type { ChildProcess } from 'node:child_process';

/** Kills a process with SIGKILL, as a crash or the OOM killer would, and resolves once it is gone. */
export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
