import { UNIT_FORM_COLUMNS, type UnitFormValues } from '../../../src/inventory/inventory-manager';

/** The most any unit field holds (a description, 2,000 characters); longer posts are cut here and named by the schema. */
const FIELD_LENGTH = 4000;

/** The unit form's fields from a post, as text by feed column ('' for a field not sent). */
export function unitFormOf(read: (name: string) => string): UnitFormValues {
  return Object.fromEntries(UNIT_FORM_COLUMNS.map((column) => [column, read(column).slice(0, FIELD_LENGTH)])) as UnitFormValues;
}
