/** A catalog file or dealer feed that cannot be imported; each problem says where (entry and field, row and column, stock number and photo). */
export class CatalogImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`The catalog file has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'CatalogImportError';
  }
}
