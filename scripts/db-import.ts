import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { EJSON, type Document } from 'bson';
import mongoose from 'mongoose';
import { EXPORT_FORMAT } from '../src/db/export-format.server';
import { OperatorError, runOperatorCommand } from '../src/cli/operator-command.server';

// npm run db:import FILE: loads a db:export file into the site's database (MONGODB_URI, or the
// embedded one), upserting each document by _id, so running it twice changes nothing. Start the
// site once against the new database afterwards: it creates the indexes.

const BATCH = 500;

runOperatorCommand('db:import', async ({ database }) => {
  const argument = process.argv[2];
  if (!argument) throw new OperatorError(['usage: npm run db:import -- FILE (written by npm run db:export)']);
  const file = path.resolve(argument);
  await database();
  // Opened only now: readline drops lines that arrive before its iterator is read.
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  const db = mongoose.connection.db!;
  const counts = new Map<string, number>();
  const batches = new Map<string, Document[]>();
  const flush = async (collection: string) => {
    const documents = batches.get(collection) ?? [];
    if (documents.length === 0) return;
    await db.collection(collection).bulkWrite(documents.map((document) => ({ replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true } })));
    batches.set(collection, []);
  };
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (lineNumber === 1) {
      if ((JSON.parse(line) as { format?: unknown }).format !== EXPORT_FORMAT)
        throw new OperatorError([`${file} is not a db:export file (line 1 has no "${EXPORT_FORMAT}" header)`]);
      continue;
    }
    if (line.trim() === '') continue;
    let entry: { collection?: unknown; document?: unknown };
    try {
      entry = EJSON.parse(line, { relaxed: false }) as typeof entry;
    } catch (error) {
      throw new OperatorError([`${file} line ${lineNumber}: not Extended JSON (${(error as Error).message}); documents before it were imported`]);
    }
    if (typeof entry.collection !== 'string' || entry.document === null || typeof entry.document !== 'object') {
      throw new OperatorError([`${file} line ${lineNumber}: expected {"collection": ..., "document": ...}; documents before it were imported`]);
    }
    const batch = batches.get(entry.collection) ?? [];
    batch.push(entry.document as Document);
    batches.set(entry.collection, batch);
    counts.set(entry.collection, (counts.get(entry.collection) ?? 0) + 1);
    if (batch.length >= BATCH) await flush(entry.collection);
  }
  if (lineNumber === 0) throw new OperatorError([`${file} is empty`]);
  for (const collection of batches.keys()) await flush(collection);
  process.stdout.write(`imported from ${file}: ${[...counts].map(([name, count]) => `${name} ${count}`).join(', ') || 'no documents'}\n`);
});
