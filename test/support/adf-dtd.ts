import { fileURLToPath } from 'node:url';
import { xmllintProblems } from './xmllint';

/** The ADF 1.0 DTD (AutoleadDataFormat/Spec), kept in the repository so CI needs nothing else. */
export const ADF_DTD = fileURLToPath(new URL('../fixtures/adf-1.0.dtd', import.meta.url));

/**
 * What xmllint (Debian's libxml2-utils; .ci/run installs it) says is wrong with an ADF document
 * against the DTD: an empty list when it is valid. A missing xmllint fails the test, never skips it.
 */
export function adfDtdProblems(xml: string): string[] {
  return xmllintProblems(xml, ['--dtdvalid', ADF_DTD]);
}
