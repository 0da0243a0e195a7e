import type { ReactNode } from 'react';
import { formatPrice } from '../../../src/catalog/format-price';
import { UNIT_CONDITIONS, UNIT_STATUSES, type UnitStatus } from '../../../src/catalog/unit-fields';
import { UNIT_FORM_LABELS, type UnitFormColumn, type UnitFormErrors, type UnitFormValues } from '../../../src/inventory/inventory-manager';
import { Badge, type BadgeTone } from '../../components/badge';
import { staffInputClasses } from './sign-in-fields';

const STATUS_LABELS: Record<UnitStatus, string> = { available: 'Available', pending: 'Pending', sold: 'Sold' };
const STATUS_TONES: Record<UnitStatus, BadgeTone> = { available: 'success', pending: 'warning', sold: 'neutral' };
const CONDITION_LABELS: Record<(typeof UNIT_CONDITIONS)[number], string> = { new: 'New', used: 'Used', certified: 'Certified pre-owned' };

export const unitStatusLabel = (status: UnitStatus) => STATUS_LABELS[status];

/** A unit's status as a badge, in words. */
export function UnitStatusBadge({ status }: { status: UnitStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** A field's value as a person reads it in the history: a price in dollars, an empty value as "nothing". */
export function unitValueText(column: UnitFormColumn | undefined, value: string | undefined): string {
  if (column === 'price') return formatPrice(value === undefined || value === '' ? null : Number(value));
  if (value === undefined || value === '') return 'nothing';
  if (column === 'status' && value in STATUS_LABELS) return STATUS_LABELS[value as UnitStatus];
  return value;
}

/** What each field asks for, said once under its label (the feed's rules, in words). */
const HINTS: Partial<Record<UnitFormColumn, string>> = {
  stock_number: 'Letters, digits and hyphens, such as U2417. Kept in capitals.',
  name: 'Empty: the year, brand and model.',
  category: 'A lower-case word such as onward. Empty: the model’s first word.',
  price: 'Whole dollars, such as 9495 or $9,495. Empty: “Contact for Pricing”.',
  description: 'Empty: the condition, name and color.',
  features: 'Separated by |, such as LED lights | Rear seat.',
};

interface UnitFormFieldsProps {
  values: UnitFormValues;
  errors: UnitFormErrors;
  showrooms: ReadonlyArray<{ id: string; name: string }>;
  /** Editing a stored unit: its stock number is shown but not changed. */
  editing?: boolean;
  /** Fields the feed leaves alone (changed by hand on a feed unit). */
  locked?: readonly UnitFormColumn[];
}

/**
 * The unit form's fields, named as the feed's columns, each with its label, hint and (after a
 * refused post) its error right beside it, tied to it with aria-describedby. A locked field says so.
 */
export function UnitFormFields({ values, errors, showrooms, editing = false, locked = [] }: UnitFormFieldsProps) {
  const field = (column: UnitFormColumn, control: (props: ControlProps) => ReactNode, wide = false) => {
    const id = `unit-${column.replace('_', '-')}`;
    const error = errors[column];
    const hint = editing && column === 'stock_number' ? 'A unit keeps its stock number; add a new unit for another one.' : HINTS[column];
    const isLocked = locked.includes(column);
    const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : '', isLocked ? `${id}-locked` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={wide ? 'sm:col-span-2' : ''}>
        <div className="flex flex-wrap items-center gap-x-2">
          <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
            {UNIT_FORM_LABELS[column]}
          </label>
          {isLocked ? (
            <span id={`${id}-locked`} className="rounded-full bg-sun-100 px-2 py-0.5 text-xs font-semibold text-ink-900">
              Locked: the feed leaves it
            </span>
          ) : null}
        </div>
        {hint ? (
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-ink-600">
            {hint}
          </p>
        ) : null}
        {control({
          id,
          name: column,
          defaultValue: values[column],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          className: staffInputClasses(Boolean(error)),
        })}
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const text =
    (extra: Record<string, unknown> = {}) =>
    (props: ControlProps) => <input type="text" autoComplete="off" {...props} {...extra} />;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {field('stock_number', text({ required: true, maxLength: 24, autoCapitalize: 'characters', spellCheck: false, readOnly: editing }))}
      {field('status', (props) => (
        <select {...props}>
          {UNIT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      ))}
      {field('year', text({ inputMode: 'numeric', maxLength: 4 }))}
      {field('brand', text({ required: true, maxLength: 40 }))}
      {field('model', text({ required: true, maxLength: 80 }))}
      {field('name', text({ maxLength: 120 }))}
      {field('condition', (props) => (
        <select {...props}>
          {UNIT_CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {CONDITION_LABELS[condition]}
            </option>
          ))}
        </select>
      ))}
      {field('category', text({ maxLength: 40, autoCapitalize: 'none', spellCheck: false }))}
      {field('price', text({ inputMode: 'decimal', maxLength: 14 }))}
      {field('seats', text({ inputMode: 'numeric', maxLength: 2 }))}
      {field('color', text({ maxLength: 40 }))}
      {field('hours', text({ inputMode: 'numeric', maxLength: 7 }))}
      {field('location', (props) => (
        <select {...props}>
          <option value="">No showroom</option>
          {showrooms.map((showroom) => (
            <option key={showroom.id} value={showroom.id}>
              {showroom.name}
            </option>
          ))}
        </select>
      ))}
      {field('features', text({ maxLength: 2000 }), true)}
      {field(
        'description',
        (props) => (
          <textarea rows={4} maxLength={2000} {...props} />
        ),
        true,
      )}
    </div>
  );
}

interface ControlProps {
  id: string;
  name: string;
  defaultValue: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}
