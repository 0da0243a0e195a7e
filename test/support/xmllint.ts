import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What xmllint (Debian's libxml2-utils; .ci/run installs it) says is wrong with an XML document
 * checked with `checks` (`--dtdvalid FILE`, `--schema FILE`): an empty list when it is valid. A
 * missing xmllint fails the test, never skips it.
 */
export function xmllintProblems(xml: string, checks: string[]): string[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'xmllint-'));
  const file = path.join(folder, 'document.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--nonet', ...checks, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return [];
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: string };
    if (code === 'ENOENT') throw new Error('xmllint is not installed (Debian: apt-get install libxml2-utils)');
    return String(stderr ?? error)
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.endsWith(' validates'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
