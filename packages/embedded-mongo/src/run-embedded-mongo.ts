import { parseArgs } from 'node:util';
import pino from 'pino';
import { z } from 'zod';
import { startEmbeddedMongo } from './embedded-mongo-server';

// Runs the embedded server as its own process: `node --import tsx run-embedded-mongo.ts
// --data-dir var/data` (add --start-empty to start with an empty database where one was lost).
// The URI (its Unix socket) is the only line on stdout so a parent process can read it; logs go
// to stderr.

const argumentsSchema = z.object({
  'data-dir': z.string().min(1).optional(),
  'start-empty': z.boolean().optional(),
});

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'start-empty': { type: 'boolean' },
  },
});
const parsed = argumentsSchema.safeParse(values);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}

const logger = pino(pino.destination(2));
const dataDir = parsed.data['data-dir'];
const server = await startEmbeddedMongo({ ...(dataDir ? { dataDir } : {}), startEmpty: parsed.data['start-empty'] ?? false, startEmptyHint: '--start-empty', logger });
process.stdout.write(`${server.uri}\n`);

const stop = (): void => {
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error({ err: error }, 'embedded MongoDB did not stop cleanly');
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
