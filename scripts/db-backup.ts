import path from 'node:path';
import { backupDataDir, backupFolderOf } from 'embedded-mongo/backup';
import { OperatorError, runOperatorCommand } from '../src/cli/operator-command.server';

// npm run db:backup [file]: a consistent copy of the embedded database while the site runs
// (default: backups/embedded-mongo-<time>.sqlite beside DATA_DIR), private, checked, and in place
// only once whole. With MONGODB_URI set, the database is not this process's to copy: use the
// provider's backups or npm run db:export.

runOperatorCommand('db:backup', async ({ env }) => {
  if (env.MONGODB_URI)
    throw new OperatorError(['MONGODB_URI is set: back up that MongoDB with its own tools (or npm run db:export); db:backup copies the embedded database']);
  const dataDir = path.resolve(env.DATA_DIR);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(process.argv[2] ?? path.join(backupFolderOf(dataDir), `embedded-mongo-${stamp}.sqlite`));
  const copy = await backupDataDir(dataDir, target).catch((error: Error) => {
    throw new OperatorError([`no backup made: ${error.message}`]);
  });
  process.stdout.write(`backup written to ${copy.file} (${Math.ceil(copy.bytes / 1024)} KB, checked)\n`);
});
