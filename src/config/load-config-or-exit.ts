import { ConfigError, loadEnv, type Env } from './env';

/** At start: a bad configuration stops the process with one line per problem. */
export function loadConfigOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
