import { readFileSync } from 'node:fs';
import shippedBusinessFile from '../../seeds/business.json';
import { businessFileSchema, type BusinessFile } from './business-file';
import { ConfigError } from './env.server';

/**
 * The dealer's facts, read once at start: the file BUSINESS_FILE names (a Docker volume, say), or
 * else the shipped seeds/business.json, which the server build carries inside it. A file that
 * cannot be read or does not fit the schema stops the start with one line per problem.
 */
export function loadBusinessFile(file: string | undefined): BusinessFile {
  const label = file ? `BUSINESS_FILE ${file}` : 'seeds/business.json';
  let content: unknown = shippedBusinessFile;
  if (file) {
    try {
      content = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      const reason = error instanceof SyntaxError ? `not valid JSON (${error.message})` : `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
      throw new ConfigError([`${label}: ${reason}`]);
    }
  }
  const result = businessFileSchema.safeParse(content, { error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined) });
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${label}: ${issue.path.join('.') || '(the file)'}: ${issue.message}`));
  }
  return result.data;
}
