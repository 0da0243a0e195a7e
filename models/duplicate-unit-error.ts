/**
 * A unit written is already stored, under its stock number or its page address: another writer
 * (another import, a person at /staff/inventory) stored it since the writer read the catalog. The
 * vehicle repository raises it for the database's duplicate key error, so services never see the
 * driver's codes.
 */
export class DuplicateUnitError extends Error {
  constructor(options?: ErrorOptions) {
    super('a unit written is already stored under its stock number or page address', options);
    this.name = 'DuplicateUnitError';
  }
}
