/** A catalog file that cannot be imported; each problem names the entry and the field. */
export class CatalogImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`The catalog file has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'CatalogImportError';
  }
}
