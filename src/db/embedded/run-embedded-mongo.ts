import { parseArgs } from 'node:util';
import pino from 'pino';
import { z } from 'zod';
import { startEmbeddedMongo } from './embedded-mongo-server';

// Runs the embedded server as its own process: `node --import tsx src/db/embedded/run-embedded-mongo.ts
// --port 27017 --data-dir var/data`. The URI is the only line on stdout so a parent process can read
// it; logs go to stderr.

const argumentsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65_535).default(27_017),
  host: z.string().min(1).default('127.0.0.1'),
  'data-dir': z.string().min(1).default('var/data'),
});

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const parsed = argumentsSchema.safeParse(values);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}

const logger = pino(pino.destination(2));
const server = await startEmbeddedMongo({
  port: parsed.data.port,
  host: parsed.data.host,
  dataDir: parsed.data['data-dir'],
  logger,
});
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
