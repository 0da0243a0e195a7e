import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Runs the operator command against the running e2e site's database, as an operator would on the
 * server (`node dist/server/staff-invite.js EMAIL --role ROLE`), and gives the invitation link's
 * path and query from its last line (the spec opens it on whichever host name it needs: passkeys
 * need `localhost`, never an IP address).
 */
export function inviteStaff(email: string, role: 'owner' | 'manager' | 'sales', name = 'Test Person'): string {
  const dataRoot = process.env.E2E_ROOT;
  if (!dataRoot) throw new Error('E2E_ROOT is not set: run the browser tests through playwright.config.ts');
  const output = execFileSync(process.execPath, [path.join(root, 'dist/server/staff-invite.js'), email, '--role', role, '--name', name], {
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: path.join(dataRoot, 'data'), MAIL_DIR: path.join(dataRoot, 'mail'), LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const link = new URL(output.trim().split('\n').at(-1)!);
  return link.pathname + link.search;
}
