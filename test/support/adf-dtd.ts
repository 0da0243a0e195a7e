import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The ADF 1.0 DTD (AutoleadDataFormat/Spec), kept in the repository so CI needs nothing else. */
export const ADF_DTD = fileURLToPath(new URL('../fixtures/adf-1.0.dtd', import.meta.url));

/**
 * What xmllint (Debian's libxml2-utils; .ci/run installs it) says is wrong with an ADF document
 * against the DTD: an empty list when it is valid. A missing xmllint fails the test, never skips it.
 */
export function adfDtdProblems(xml: string): string[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'adf-'));
  const file = path.join(folder, 'lead.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--dtdvalid', ADF_DTD, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return [];
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: string };
    if (code === 'ENOENT') throw new Error('xmllint is not installed (Debian: apt-get install libxml2-utils)');
    return String(stderr ?? error)
      .split('\n')
      .filter((line) => line.trim() !== '');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
