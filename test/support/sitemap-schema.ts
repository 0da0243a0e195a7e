import { fileURLToPath } from 'node:url';
import { xmllintProblems } from './xmllint';

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
  return xmllintProblems(xml, ['--schema', SCHEMAS[kind]]);
}
