import type { BusinessFile } from './business-file';
import { ConfigError, loadEnv, type Env } from './env.server';
import { loadBusinessFile } from './load-business-file.server';

export interface Config {
  env: Env;
  business: BusinessFile;
}

/** At start: a bad environment or business file stops the process with one line per problem. */
export function loadConfigOrExit(): Config {
  try {
    const env = loadEnv();
    return { env, business: loadBusinessFile(env.BUSINESS_FILE) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
