import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import path from 'node:path';
import { EJSON } from 'bson';
import mongoose from 'mongoose';
import { EXPORT_FORMAT } from '../src/db/export-format.server';
import { OperatorError, runOperatorCommand } from '../src/cli/operator-command.server';

// npm run db:export FILE: every collection of the site's database (the embedded one, or
// MONGODB_URI) as lines of canonical Extended JSON, types intact (dates, uuids, longs). With
// npm run db:import it moves a site from the embedded store to a MongoDB server, or back.

runOperatorCommand('db:export', async ({ database }) => {
  const argument = process.argv[2];
  if (!argument) throw new OperatorError(['usage: npm run db:export -- FILE (a new .jsonl file)']);
  const file = path.resolve(argument);
  if (existsSync(file)) throw new OperatorError([`${file} already exists; choose a new file`]);
  await database();
  const db = mongoose.connection.db!;
  // Personal data: the file is readable by its owner only.
  const out = createWriteStream(file, { mode: 0o600, flags: 'wx' });
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write(JSON.stringify({ format: EXPORT_FORMAT, exportedAt: new Date().toISOString() }));
  const counts: string[] = [];
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    let count = 0;
    for await (const document of db.collection(name).find({}, { promoteLongs: false, promoteValues: false })) {
      await write(EJSON.stringify({ collection: name, document }, { relaxed: false }));
      count += 1;
    }
    counts.push(`${name} ${count}`);
  }
  out.end();
  await once(out, 'finish');
  process.stdout.write(`exported to ${file}: ${counts.join(', ') || 'no collections'}\n`);
});
