import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The schemas of sitemaps.org for a urlset and for a sitemap index, kept in the repository so CI needs no network. */
const SCHEMAS = {
  urlset: fileURLToPath(new URL('../fixtures/sitemap-0.9.xsd', import.meta.url)),
  index: fileURLToPath(new URL('../fixtures/siteindex-0.9.xsd', import.meta.url)),
};

/**
 * What xmllint (Debian's libxml2-utils; .ci/run installs it) says is wrong with a sitemap file
 * against its sitemaps.org schema: an empty list when it is valid. A missing xmllint fails the test.
 */
export function sitemapSchemaProblems(xml: string, kind: keyof typeof SCHEMAS): string[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'sitemap-'));
  const file = path.join(folder, 'sitemap.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', SCHEMAS[kind], file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
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
