import { Link, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { formatTime } from '../../../src/business/week-hours';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { siteContentContext, type HolidayInput, type SiteContentView } from '../../../src/site-content/site-content';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { ContentField, FieldError, SiteContentHeader, SiteContentStatus, Tag, shortDate, type ContentAnswer } from '../components/site-content-parts';
import { StaffForm } from '../components/staff-form';
import type { StaffPageModule } from '../layout/staff-page-module';
import { fieldText, staffAnswer } from './owner-answers';
import { contentAnswer, fieldList } from './site-content-answers';

const PAGE = '/staff/closures';

async function closuresLoader({ context }: LoaderFunctionArgs): Promise<SiteContentView> {
  return staffAnswer(() => context.get(siteContentContext).read(context.get(staffRequestContext)), PAGE);
}

type ClosureValues = HolidayInput & { id?: string; kind: 'closed' | 'short' };

/** Saves a closure or shorter hours (new, or the staff one named by `id`), or deletes one. */
async function closuresAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const editor = context.get(siteContentContext);
  const staff = context.get(staffRequestContext);
  const id = fieldText(form, 'id') || undefined;
  if (fieldText(form, 'intent') === 'delete') return contentAnswer(PAGE, await staffAnswer(() => editor.deleteHoliday(id ?? '', staff), PAGE), 'delete');
  // "Closed all day" leaves the times out, whatever the time fields still hold.
  const kind = fieldText(form, 'kind') === 'short' ? 'short' : 'closed';
  const values: ClosureValues = {
    id,
    kind,
    name: fieldText(form, 'name'),
    date: fieldText(form, 'date'),
    opens: kind === 'short' ? fieldText(form, 'opens') : '',
    closes: kind === 'short' ? fieldText(form, 'closes') : '',
    showrooms: fieldList(form, 'showrooms'),
  };
  const { id: _id, kind: _kind, ...input } = values;
  if (kind === 'short' && (input.opens === '' || input.closes === '')) {
    const errors = {
      ...(input.opens === '' ? { opens: 'Opens is required for shorter hours.' } : {}),
      ...(input.closes === '' ? { closes: 'Closes is required for shorter hours.' } : {}),
    };
    return contentAnswer(PAGE, { ok: false, status: 400, fieldErrors: errors }, 'save', values);
  }
  return contentAnswer(PAGE, await staffAnswer(() => editor.saveHoliday(id, input, staff), PAGE), 'save', values);
}

function ClosureForm({ view, answer }: { view: SiteContentView; answer?: ContentAnswer<ClosureValues> }) {
  const [search] = useSearchParams();
  const { key: visit } = useLocation();
  const sending = useNavigation().state === 'submitting';
  const editing = view.holidays.find((holiday) => holiday.source === 'staff' && holiday.id === (answer?.values?.id ?? search.get('edit')));
  const values: ClosureValues = answer?.values ?? {
    id: editing?.id,
    kind: editing?.opens ? 'short' : 'closed',
    name: editing?.name ?? '',
    date: editing?.date ?? '',
    opens: editing?.opens ?? '',
    closes: editing?.closes ?? '',
    showrooms: editing?.showrooms ?? [],
  };
  const errors = answer?.intent === 'save' ? answer.errors : {};
  return (
    <Card as="section" className="mt-5 p-4 sm:p-6">
      <h2 id="closure-form-title" className="text-lg font-bold text-ink-900">
        {editing ? `Change “${editing.name}”` : 'Add a closure or shorter hours'}
      </h2>
      <StaffForm key={`${values.id ?? 'new'}-${visit}`} aria-labelledby="closure-form-title" className="mt-3 grid gap-4 sm:grid-cols-2">
        {values.id ? <input type="hidden" name="id" value={values.id} /> : null}
        <ContentField
          id="closure-name"
          name="name"
          label="Name"
          hint="As the site shows it, like Christmas Eve. Up to 60 characters."
          maxLength={60}
          errors={errors}
          defaultValue={values.name}
          required
        />
        <ContentField id="closure-date" name="date" type="date" label="Date" errors={errors} defaultValue={values.date} required />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-semibold text-ink-800">That day</legend>
          <div className="mt-1.5 flex flex-wrap gap-2">
            {(
              [
                ['closed', 'Closed all day'],
                ['short', 'Shorter hours'],
              ] as const
            ).map(([kind, label]) => (
              <label
                key={kind}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 ring-1 ring-inset ring-ink-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600"
              >
                <input type="radio" name="kind" value={kind} defaultChecked={values.kind === kind} className="size-5 accent-brand-600" />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <ContentField id="closure-opens" name="opens" type="time" label="Opens (shorter hours only)" errors={errors} defaultValue={values.opens} />
        <ContentField id="closure-closes" name="closes" type="time" label="Closes (shorter hours only)" errors={errors} defaultValue={values.closes} />
        <fieldset className="sm:col-span-2" aria-describedby={`closure-showrooms-hint${errors.showrooms ? ' closure-showrooms-error' : ''}`}>
          <legend className="text-sm font-semibold text-ink-800">Showrooms</legend>
          <p id="closure-showrooms-hint" className="mt-0.5 text-sm text-ink-600">
            Leave all unchecked for every showroom and the phones (the contact page’s reply promise follows them).
          </p>
          <div className="mt-1.5 flex flex-wrap gap-2">
            {view.showrooms.map((showroom) => (
              <label
                key={showroom.id}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 ring-1 ring-inset ring-ink-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600"
              >
                <input type="checkbox" name="showrooms" value={showroom.id} defaultChecked={values.showrooms.includes(showroom.id)} className="size-5 accent-brand-600" />
                {showroom.name}
              </label>
            ))}
          </div>
          <FieldError id="closure-showrooms-error" error={errors.showrooms} />
        </fieldset>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" disabled={sending} className={buttonClasses('primary', 'md')}>
            {editing ? 'Save the changes' : 'Add it'}
          </button>
          {editing ? (
            <Link to={PAGE} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
              Cancel
            </Link>
          ) : null}
        </div>
      </StaffForm>
    </Card>
  );
}

/** /staff/closures: holiday closures and shorter holiday hours, the business file's read-only. */
function StaffClosures() {
  const view = useLoaderData<SiteContentView>();
  const answer = useActionData<ContentAnswer<ClosureValues>>();
  const names = new Map(view.showrooms.map((showroom) => [showroom.id, showroom.name]));
  return (
    <>
      <SiteContentHeader title="Holiday hours">
        Days a showroom closes or keeps shorter hours. The open and closed signs, the contact page’s reply promise and what search engines read follow within seconds.
      </SiteContentHeader>
      <SiteContentStatus message={answer?.message} />
      {view.canChange ? <ClosureForm view={view} answer={answer} /> : <p className="mt-4 text-sm text-ink-700">Managers and owners can add and change holiday hours.</p>}
      <section aria-labelledby="closures-list-title" className="mt-8">
        <h2 id="closures-list-title" className="text-lg font-bold text-ink-900">
          All holiday hours
        </h2>
        {view.holidays.length === 0 ? <p className="mt-2 text-ink-700">No holidays yet.</p> : null}
        <ul className="mt-3 grid gap-3">
          {view.holidays.map((holiday, index) => (
            <li key={holiday.id ?? `file-${index}`}>
              <Card as="article" className="p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-bold text-ink-900">
                    {shortDate(holiday.date)}: {holiday.name}
                  </h3>
                  {holiday.date < view.today ? <Tag>Past</Tag> : null}
                  {holiday.source === 'file' ? <Tag>From the business file</Tag> : null}
                </div>
                <p className="mt-1 text-sm text-ink-800">
                  {holiday.opens && holiday.closes ? `Open ${formatTime(holiday.opens)}-${formatTime(holiday.closes)}` : 'Closed all day'} ·{' '}
                  {holiday.showrooms ? holiday.showrooms.map((id) => names.get(id) ?? id).join(', ') : 'Every showroom and the phones'}
                </p>
                {holiday.source === 'staff' && view.canChange ? (
                  <div className="mt-2 flex flex-wrap items-center gap-3">
                    <Link to={`${PAGE}?edit=${holiday.id}`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
                      Change<span className="sr-only"> {holiday.name}</span>
                    </Link>
                    <StaffForm>
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={holiday.id} />
                      <button type="submit" className={buttonClasses('secondary', 'md')}>
                        Delete<span className="sr-only"> {holiday.name}</span>
                      </button>
                    </StaffForm>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export const staffClosuresPage: StaffPageModule = { Component: StaffClosures, loader: closuresLoader, action: closuresAction };
