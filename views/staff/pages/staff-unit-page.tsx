import type { ReactNode } from 'react';
import { data, Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { UNIT_STATUSES, type UnitStatus } from '../../../src/catalog/unit-fields';
import {
  inventoryManagerContext,
  isLockedField,
  isUnitFormColumn,
  LOCKED_FIELD_LABELS,
  PHOTOS_LOCK,
  UNIT_FORM_LABELS,
  type LockedField,
  type UnitChange,
  type UnitFormErrors,
  type UnitFormValues,
  type UnitHistoryEntry,
  type UnitSheet,
} from '../../../src/inventory/inventory-manager';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { shortTimeText } from '../components/lead-text';
import { StaffForm } from '../components/staff-form';
import { UnitFormFields, unitStatusLabel, UnitStatusBadge, unitValueText } from '../components/unit-form-fields';
import type { StaffPageModule } from '../layout/staff-page-module';
import { fieldText, staffAnswer } from './owner-answers';
import { unitFormOf } from './unit-form-post';

// The stock number is the address as stored (capitals): stock numbers in staff addresses are exact.
const pageOf = (stockNumber: string) => `/staff/inventory/${encodeURIComponent(stockNumber)}`;

async function unitLoader({ params, context }: LoaderFunctionArgs): Promise<{ unit: UnitSheet }> {
  const stockNumber = params.stock ?? '';
  const unit = await staffAnswer(() => context.get(inventoryManagerContext).unit(stockNumber, context.get(staffRequestContext)), pageOf(stockNumber));
  if (!unit) throw data('There is no unit with this stock number.', { status: 404 });
  return { unit };
}

const isStatus = (value: string): value is UnitStatus => (UNIT_STATUSES as readonly string[]).includes(value);

/** A refused change: its reason, and for the form what was typed with each wrong field's reason. */
interface UnitRefusal {
  intent: string;
  error: string;
  errors?: UnitFormErrors;
  values?: UnitFormValues;
}

async function unitAction({ params, request, context }: ActionFunctionArgs) {
  const stockNumber = params.stock ?? '';
  const form = await request.formData();
  const intent = fieldText(form, 'intent');
  const inventory = context.get(inventoryManagerContext);
  const staffRequest = context.get(staffRequestContext);
  const change = await staffAnswer(async (): Promise<UnitChange> => {
    if (intent === 'save')
      return inventory.update(
        stockNumber,
        unitFormOf((name) => fieldText(form, name)),
        staffRequest,
      );
    if (intent === 'status') {
      const status = fieldText(form, 'status');
      return isStatus(status) ? inventory.setStatus(stockNumber, status, staffRequest) : { ok: false, status: 400, message: 'Choose available, pending or sold.' };
    }
    if (intent === 'release') {
      const column = fieldText(form, 'column');
      return isLockedField(column) ? inventory.releaseLock(stockNumber, column, staffRequest) : { ok: false, status: 400, message: 'Choose a locked field.' };
    }
    return { ok: false, status: 400, message: 'This form is not known here. Reload the page and try again.' };
  }, pageOf(stockNumber));
  if (!change.ok) {
    if (change.status === 404) throw data(change.message, { status: 404 });
    return data<UnitRefusal>(
      { intent, error: change.message, ...(change.errors ? { errors: change.errors } : {}), ...(change.values ? { values: change.values } : {}) },
      { status: change.status },
    );
  }
  const done = intent === 'status' ? `status-${fieldText(form, 'status')}` : intent;
  return redirect(`${pageOf(change.stockNumber)}?done=${encodeURIComponent(done)}`, 303);
}

const DONE_MESSAGES: Record<string, string> = {
  created: 'The unit is added. It is on the site within seconds.',
  save: 'Saved. The site shows it within seconds.',
  'status-available': 'Marked available: it is listed again.',
  'status-pending': 'Marked pending: still listed, shown as on hold.',
  'status-sold': 'Marked sold: it has left the inventory, and its page answers “sold” (410).',
  release: 'The feed updates that field again from its next import.',
};

function Panel({ id, title, children, className = '' }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <Card as="section" className={`mt-4 p-4 sm:p-5 ${className}`}>
      <h2 id={id} className="text-lg font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-ink-50 px-3 py-2">
      <dt className="text-xs font-semibold text-ink-700">{term}</dt>
      <dd className="text-lg font-extrabold tabular-nums text-ink-900">{children}</dd>
    </div>
  );
}

/** Who made a change: a staff member by name, or the dealer's feed (an import). */
const FEED_ACTOR = 'Feed import';

function historyText(entry: UnitHistoryEntry): string {
  const who = entry.by ?? FEED_ACTOR;
  if (entry.kind === 'created') return `${who} added the unit`;
  const field = entry.field ? LOCKED_FIELD_LABELS[entry.field].toLowerCase() : 'a field';
  if (entry.kind === 'lock-released') return `${who} let the feed update the ${field} again`;
  const column = isUnitFormColumn(entry.field) ? entry.field : undefined;
  return `${who} changed the ${field} from ${unitValueText(column, entry.before)} to ${unitValueText(column, entry.after)}`;
}

/** A locked field's value as kept: the photos by how many there are. */
const lockedValueText = (unit: UnitSheet, field: LockedField) =>
  field === PHOTOS_LOCK ? `${unit.photos} ${unit.photos === 1 ? 'photo' : 'photos'}` : unitValueText(field, unit.values[field]);

/** Mark available, pending or sold in one tap: one small form each, for the statuses the unit is not in. */
function StatusActions({ unit, sending }: { unit: UnitSheet; sending: boolean }) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {UNIT_STATUSES.filter((status) => status !== unit.status).map((status) => (
        <StaffForm key={status} action={pageOf(unit.stockNumber)} aria-labelledby={`status-${status}`}>
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="status" value={status} />
          <button id={`status-${status}`} type="submit" disabled={sending} className={buttonClasses(status === 'sold' ? 'primary' : 'secondary', 'md')}>
            Mark {unitStatusLabel(status).toLowerCase()}
          </button>
        </StaffForm>
      ))}
    </div>
  );
}

/** Fields changed by hand on a feed unit, each with the way to give it back to the feed. */
function Locks({ unit, sending }: { unit: UnitSheet; sending: boolean }) {
  if (unit.locked.length === 0) return null;
  return (
    <Panel id="unit-locks-title" title="Locked against the feed">
      <p className="mt-1 text-sm text-ink-700">Changed by hand here, so the feed’s imports leave them as they are.</p>
      <ul className="mt-2 divide-y divide-ink-100">
        {unit.locked.map((column) => (
          <li key={column} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
            <span className="text-sm">
              <span className="font-semibold text-ink-900">{LOCKED_FIELD_LABELS[column]}</span>
              <span className="text-ink-700">: {lockedValueText(unit, column)}</span>
            </span>
            {unit.canChange ? (
              <StaffForm action={pageOf(unit.stockNumber)} aria-labelledby={`release-${column}`}>
                <input type="hidden" name="intent" value="release" />
                <input type="hidden" name="column" value={column} />
                <button id={`release-${column}`} type="submit" disabled={sending} className={buttonClasses('ghost', 'md')}>
                  Let the feed update this again<span className="sr-only"> ({LOCKED_FIELD_LABELS[column]})</span>
                </button>
              </StaffForm>
            ) : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The unit's values for a reader who may not change them (sales). */
function ReadOnlyValues({ unit }: { unit: UnitSheet }) {
  return (
    <dl className="mt-2 grid gap-x-6 sm:grid-cols-2">
      {(Object.keys(UNIT_FORM_LABELS) as Array<keyof typeof UNIT_FORM_LABELS>).map((column) => (
        <div key={column} className="py-1.5">
          <dt className="text-sm font-semibold text-ink-700">
            {UNIT_FORM_LABELS[column]}
            {unit.locked.includes(column) ? ' (locked against the feed)' : ''}
          </dt>
          <dd className="break-words text-ink-900">{unitValueText(column, unit.values[column])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /staff/inventory/:stock (every role; changes: managers and owners): one unit, its figures, its form, locks and history. */
function StaffUnit() {
  const { unit } = useLoaderData<{ unit: UnitSheet }>();
  const refused = useActionData<UnitRefusal>();
  const [search] = useSearchParams();
  const done = search.get('done');
  const sending = useNavigation().state === 'submitting';
  const formRefused = refused?.intent === 'save' ? refused : undefined;
  return (
    <>
      <p className="text-sm">
        <Link to="/staff/inventory" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Inventory
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="break-words text-2xl font-extrabold tracking-tight text-ink-900">{unit.name}</h1>
        <UnitStatusBadge status={unit.status} />
      </div>
      <p className="mt-1 text-sm text-ink-700">
        <span className="font-mono font-semibold text-ink-900">#{unit.stockNumber}</span>
        {' · '}
        {unit.addedByHand ? 'Added by hand: the feed leaves it alone' : 'From the feed'}
        {unit.soldAt ? ` · sold ${shortTimeText(unit.soldAt)}` : ''}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
        <a href={`/inventory/${unit.slug}`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          {unit.status === 'sold' ? 'Public page (answers “sold”, 410)' : 'Public page'}
        </a>
        <Link to={`${pageOf(unit.stockNumber)}/photos`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Photos ({unit.photos})
        </Link>
      </p>
      {done && DONE_MESSAGES[done] ? (
        <p role="status" className="mt-3 rounded-xl bg-success-50 px-4 py-3 text-sm font-semibold text-success-700">
          {DONE_MESSAGES[done]}
        </p>
      ) : null}
      {refused ? (
        <p id="unit-error" role="alert" className="mt-3 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
          {refused.error}
        </p>
      ) : null}
      <Card as="section" className="mt-4 p-3">
        <h2 className="sr-only">Figures</h2>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Figure term="Days in stock">{unit.daysInStock}</Figure>
          <Figure term="Page views">{unit.views.toLocaleString('en-US')}</Figure>
          <Figure term="Inquiries">{unit.inquiries}</Figure>
          <Figure term="First seen">
            <time dateTime={unit.firstSeenAt} className="text-base">
              {shortTimeText(unit.firstSeenAt)}
            </time>
          </Figure>
        </dl>
      </Card>
      {unit.canChange ? (
        <Panel id="unit-status-title" title="Status">
          <p className="mt-1 text-sm text-ink-700">
            Now <strong>{unitStatusLabel(unit.status).toLowerCase()}</strong>. Pending stays listed as on hold; sold leaves the inventory.
          </p>
          <StatusActions unit={unit} sending={sending} />
        </Panel>
      ) : null}
      <Locks unit={unit} sending={sending} />
      <Panel id="unit-details-title" title="Details">
        {unit.canChange ? (
          <>
            <p className="mt-1 text-sm text-ink-700">
              {unit.addedByHand
                ? 'Named as the feed’s columns and checked by the same rules.'
                : 'A field you change here is locked: the feed’s imports leave it as you set it.'}
            </p>
            {/* Keyed by the values it shows: after a save or a status action the stored ones, after a refusal what was typed. */}
            <StaffForm key={JSON.stringify(formRefused?.values ?? unit.values)} action={pageOf(unit.stockNumber)} aria-labelledby="unit-details-title" className="mt-3">
              <input type="hidden" name="intent" value="save" />
              <UnitFormFields
                values={formRefused?.values ?? unit.values}
                errors={formRefused?.errors ?? {}}
                showrooms={unit.showrooms}
                locked={unit.locked.filter(isUnitFormColumn)}
                editing
              />
              <button type="submit" disabled={sending} className={`${buttonClasses('primary', 'lg')} mt-5 w-full sm:w-auto sm:px-10`}>
                Save changes
              </button>
            </StaffForm>
          </>
        ) : (
          <ReadOnlyValues unit={unit} />
        )}
      </Panel>
      <Panel id="unit-prices-title" title="Price history">
        <p className="mt-1 text-sm text-ink-700">
          Now <strong className="text-ink-900">{unitValueText('price', unit.values.price)}</strong>.
        </p>
        {unit.priceHistory.length === 0 ? (
          <p className="mt-1 text-sm text-ink-700">No price changes recorded.</p>
        ) : (
          <ol className="mt-2 divide-y divide-ink-100 text-sm" aria-label="Price changes, newest first">
            {unit.priceHistory.map((entry) => (
              <li key={`${entry.at}-price`} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                <span>
                  <span className="text-ink-700">{unitValueText('price', entry.before)}</span> →{' '}
                  <strong className="text-ink-900">{unitValueText('price', entry.after)}</strong>
                  <span className="text-ink-700"> · {entry.by ?? FEED_ACTOR}</span>
                </span>
                <time dateTime={entry.at} className="text-ink-700">
                  {shortTimeText(entry.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </Panel>
      <Panel id="unit-history-title" title="History">
        {unit.history.length === 0 ? (
          <p className="mt-1 text-sm text-ink-700">Nothing recorded yet.</p>
        ) : (
          <ol className="mt-2 divide-y divide-ink-100 text-sm" aria-label="Changes, newest first">
            {unit.history.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className="py-1.5">
                <span className="break-words text-ink-900">{historyText(entry)}</span>
                <span className="block text-ink-700">
                  <time dateTime={entry.at}>{shortTimeText(entry.at)}</time>
                </span>
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </>
  );
}

export const staffUnitPage: StaffPageModule = { Component: StaffUnit, loader: unitLoader, action: unitAction };
