import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BusinessFile } from '../../src/config/business-file';
import { loadBusinessFile } from '../../src/config/load-business-file.server';

/** The shipped seeds/business.json, parsed. */
export const shippedBusiness: BusinessFile = loadBusinessFile(undefined);

/** Writes a business file (the shipped one with some facts changed) to a temporary folder, for BUSINESS_FILE; returns its path. */
export function businessFileWith(changes: Partial<BusinessFile>): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'business-')), 'business.json');
  writeFileSync(file, JSON.stringify({ ...shippedBusiness, ...changes }, null, 2));
  return file;
}
