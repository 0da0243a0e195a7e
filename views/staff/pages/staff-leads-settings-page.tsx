import { data, Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { leadsContext, type LeadAssignmentMode, type LeadSettings } from '../../../src/leads/leads';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { StaffForm } from '../components/staff-form';
import type { StaffPageModule } from '../layout/staff-page-module';
import { fieldText, staffAnswer, type ChangeRefusal } from './owner-answers';

const PAGE = '/staff/leads/settings';

async function settingsLoader({ context }: LoaderFunctionArgs): Promise<LeadSettings> {
  return staffAnswer(() => context.get(leadsContext).settings(), PAGE);
}

const MODES: { mode: LeadAssignmentMode; title: string; text: string }[] = [
  { mode: 'manual', title: 'By a person', text: 'New leads arrive unassigned; whoever answers one first takes it, or a manager assigns it.' },
  { mode: 'round-robin', title: 'In turn (round-robin)', text: 'Each new lead is assigned at once to the next active sales account, in turn.' },
];

async function settingsAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const assignment = fieldText(form, 'assignment');
  if (assignment !== 'manual' && assignment !== 'round-robin') {
    return data<ChangeRefusal>({ intent: 'assignment', error: 'Choose how new leads are assigned.' }, { status: 400 });
  }
  const change = await staffAnswer(() => context.get(leadsContext).changeSettings({ assignment }, context.get(staffRequestContext)), PAGE);
  if (!change.ok) return data<ChangeRefusal>({ intent: 'assignment', error: change.message }, { status: change.status });
  return redirect(`${PAGE}?done=assignment`, 303);
}

/** /staff/leads/settings (managers and owners): how new leads get an assignee. */
function StaffLeadsSettings() {
  const settings = useLoaderData<LeadSettings>();
  const refused = useActionData<ChangeRefusal>();
  const [search] = useSearchParams();
  const sending = useNavigation().state === 'submitting';
  return (
    <>
      <p className="text-sm">
        <Link to="/staff/leads" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Leads
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-ink-900">Lead assignment</h1>
      <p className="mt-1 text-ink-700">How a new inquiry gets the person who answers it. It applies to inquiries from now on.</p>
      {search.get('done') === 'assignment' ? (
        <p role="status" className="mt-4 rounded-xl bg-success-50 px-4 py-3 text-sm font-semibold text-success-700">
          Saved.
        </p>
      ) : null}
      {refused ? (
        <p id="assignment-error" role="alert" className="mt-4 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
          {refused.error}
        </p>
      ) : null}
      <Card as="section" className="mt-5 max-w-2xl p-4 sm:p-5">
        <StaffForm aria-labelledby="assignment-title">
          <fieldset aria-describedby={refused ? 'assignment-error' : undefined}>
            <legend id="assignment-title" className="text-lg font-bold text-ink-900">
              New leads are assigned
            </legend>
            <div className="mt-3 grid gap-2">
              {MODES.map(({ mode, title, text }) => (
                <label
                  key={mode}
                  className="flex cursor-pointer gap-3 rounded-xl p-3 ring-1 ring-inset ring-ink-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600"
                >
                  <input type="radio" name="assignment" value={mode} defaultChecked={settings.assignment === mode} className="mt-1 size-5 shrink-0 accent-brand-600" />
                  <span>
                    <span className="block font-semibold text-ink-900">{title}</span>
                    <span className="block text-sm text-ink-700">{text}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" disabled={sending} className={`${buttonClasses('primary', 'md')} mt-4`}>
            Save
          </button>
        </StaffForm>
      </Card>
    </>
  );
}

export const staffLeadsSettingsPage: StaffPageModule = { Component: StaffLeadsSettings, loader: settingsLoader, action: settingsAction };
