import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './env.server';

/**
 * The folders that hold personal data must belong to the user the site runs as: DATA_DIR (the
 * embedded database, the units' photos) and, when e-mails are written to files, MAIL_DIR. Whoever
 * owns a folder can move or delete what is in it (the database's socket included) whatever the
 * files' modes say, and a site running as root would otherwise accept any folder. Checked at
 * start, before anything is written; a folder that does not exist yet is made by the site.
 * Throws one line naming each folder that belongs to someone else, and its owner.
 */
export function checkFolderOwners(env: Pick<Env, 'DATA_DIR' | 'MAIL_DIR' | 'SMTP_URL'>): void {
  const self = process.getuid?.();
  if (self === undefined) return;
  const folders = { DATA_DIR: env.DATA_DIR, ...(env.SMTP_URL ? {} : { MAIL_DIR: env.MAIL_DIR }) };
  const problems: string[] = [];
  for (const [variable, folder] of Object.entries(folders)) {
    const resolved = path.resolve(folder);
    let owner: number;
    try {
      owner = statSync(resolved).uid;
    } catch {
      continue;
    }
    if (owner === self) continue;
    problems.push(
      `${variable} ${resolved} belongs to ${userName(owner)}, not to ${userName(self)} that the site runs as, so that user could move or delete its files: give it to the site's user (chown -R ${self} ${resolved}) if its files are the site's, or set ${variable} to a folder of the site's own`,
    );
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
}

/** "nobody (uid 65534)", from /etc/passwd when it names the user. */
function userName(uid: number): string {
  let name: string | undefined;
  try {
    name = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .map((line) => line.split(':'))
      .find((fields) => fields[2] === String(uid))?.[0];
  } catch {
    // No user database to read: the uid alone.
  }
  return name ? `${name} (uid ${uid})` : `uid ${uid}`;
}
