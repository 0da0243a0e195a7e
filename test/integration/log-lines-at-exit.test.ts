import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';

// The lines an operator reads after a stop or a crash are the last ones the process wrote before it
// exited. They are written when they are logged, not handed to the thread pool to write later: the
// process can exit before the pool gets to them, and then they are lost, or the next line, written
// at the exit, comes out before them (the order npm-start.test.ts once saw: the store's
// "embedded MongoDB stopped" after the server's "stopped").
test('lines logged just before the process exits are all written, in order, while the thread pool is busy', () => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'test/support/log-then-exit.ts'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, UV_THREADPOOL_SIZE: '1' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(child.status, child.stderr).toBe(1);
  const messages = child.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
  expect(messages).toEqual(['first', 'last words']);
});
