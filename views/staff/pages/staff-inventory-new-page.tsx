import { data, Link, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { inventoryManagerContext, type UnitFormErrors, type UnitFormValues } from '../../../src/inventory/inventory-manager';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { StaffForm } from '../components/staff-form';
import { UnitFormFields } from '../components/unit-form-fields';
import type { StaffPageModule } from '../layout/staff-page-module';
import { unitFormOf } from './unit-form-post';
import { fieldText, staffAnswer } from './owner-answers';

const PAGE = '/staff/inventory/new';

interface NewUnitData {
  values: UnitFormValues;
  showrooms: Array<{ id: string; name: string }>;
}

/** A refused form: what was typed comes back, each wrong field with its reason. */
interface NewUnitRefusal {
  error: string;
  errors: UnitFormErrors;
  values: UnitFormValues;
}

async function newUnitLoader({ context }: LoaderFunctionArgs): Promise<NewUnitData> {
  return staffAnswer(() => context.get(inventoryManagerContext).blank(context.get(staffRequestContext)), PAGE);
}

async function newUnitAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = unitFormOf((name) => fieldText(form, name));
  const change = await staffAnswer(() => context.get(inventoryManagerContext).create(values, context.get(staffRequestContext)), PAGE);
  if (!change.ok) return data<NewUnitRefusal>({ error: change.message, errors: change.errors ?? {}, values: change.values ?? values }, { status: change.status });
  return redirect(`/staff/inventory/${encodeURIComponent(change.stockNumber)}?done=created`, 303);
}

/** /staff/inventory/new (managers and owners): a unit added by hand, checked as the feed's units are. */
function StaffInventoryNew() {
  const blank = useLoaderData<NewUnitData>();
  const refused = useActionData<NewUnitRefusal>();
  const sending = useNavigation().state === 'submitting';
  return (
    <>
      <p className="text-sm">
        <Link to="/staff/inventory" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Inventory
        </Link>
      </p>
      <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">Add a unit</h1>
      <p className="mt-1 text-sm text-ink-700">
        On the site within seconds of saving. A unit added here is yours: no feed import changes it or marks it sold. Photos come next, on the unit’s page.
      </p>
      {refused ? (
        <p id="unit-error" role="alert" className="mt-3 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
          {refused.error}
        </p>
      ) : null}
      <Card as="section" className="mt-4 p-4 sm:p-5">
        <h2 id="new-unit-title" className="sr-only">
          The unit
        </h2>
        {/* Keyed by the refusal, so the fields show what was posted when a post comes back refused. */}
        <StaffForm key={refused ? JSON.stringify(refused.values) : 'blank'} action={PAGE} aria-labelledby="new-unit-title">
          <UnitFormFields values={refused?.values ?? blank.values} errors={refused?.errors ?? {}} showrooms={blank.showrooms} />
          <button type="submit" disabled={sending} className={`${buttonClasses('primary', 'lg')} mt-5 w-full sm:w-auto sm:px-10`}>
            Add the unit
          </button>
        </StaffForm>
      </Card>
    </>
  );
}

export const staffInventoryNewPage: StaffPageModule = { Component: StaffInventoryNew, loader: newUnitLoader, action: newUnitAction };
