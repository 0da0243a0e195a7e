import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Puts the running staff site's scheduled feed into a state (the e2e sites fetch no feed), by
 * writing its feed_schedule document through the site's own data folder as an operator command
 * would: 'failing' is three failures in a row after a good import; 'clear' removes the state.
 */
export function setFeedState(state: 'failing' | 'clear'): void {
  const dataRoot = process.env.E2E_ROOT;
  if (!dataRoot) throw new Error('E2E_ROOT is not set: run the browser tests through playwright.config.ts');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'test/e2e/support/write-feed-state.ts'), state], {
    cwd: root,
    env: { ...process.env, DATA_DIR: path.join(dataRoot, 'data') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
