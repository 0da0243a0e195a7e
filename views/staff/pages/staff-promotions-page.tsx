import { Link, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { PROMOTION_PLACE_LABELS, PROMOTION_PLACES } from '../../../src/config/promotion-places';
import { siteContentContext, type PromotionInput, type SiteContentView } from '../../../src/site-content/site-content';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { ContentField, FieldError, SiteContentHeader, SiteContentStatus, Tag, shortDate, type ContentAnswer } from '../components/site-content-parts';
import { StaffForm } from '../components/staff-form';
import type { StaffPageModule } from '../layout/staff-page-module';
import { fieldText, staffAnswer } from './owner-answers';
import { contentAnswer, fieldList } from './site-content-answers';

const PAGE = '/staff/promotions';

async function promotionsLoader({ context }: LoaderFunctionArgs): Promise<SiteContentView> {
  return staffAnswer(() => context.get(siteContentContext).read(context.get(staffRequestContext)), PAGE);
}

/** Saves a promotion (new, or the staff one named by `id`) or deletes one (`intent=delete`). */
async function promotionsAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const editor = context.get(siteContentContext);
  const staff = context.get(staffRequestContext);
  const id = fieldText(form, 'id') || undefined;
  if (fieldText(form, 'intent') === 'delete') return contentAnswer(PAGE, await staffAnswer(() => editor.deletePromotion(id ?? '', staff), PAGE), 'delete');
  const values: PromotionInput = {
    title: fieldText(form, 'title'),
    text: fieldText(form, 'text'),
    start: fieldText(form, 'start'),
    end: fieldText(form, 'end'),
    places: fieldList(form, 'places'),
  };
  return contentAnswer(PAGE, await staffAnswer(() => editor.savePromotion(id, values, staff), PAGE), 'save', { ...values, id });
}

type PromotionValues = PromotionInput & { id?: string };

function PromotionForm({ view, answer }: { view: SiteContentView; answer?: ContentAnswer<PromotionValues> }) {
  const [search] = useSearchParams();
  const { key: visit } = useLocation();
  const sending = useNavigation().state === 'submitting';
  const editing = view.promotions.find((promotion) => promotion.source === 'staff' && promotion.id === (answer?.values?.id ?? search.get('edit')));
  const values: PromotionValues = answer?.values ?? {
    id: editing?.id,
    title: editing?.title ?? '',
    text: editing?.text ?? '',
    start: editing?.start ?? '',
    end: editing?.end ?? '',
    places: editing?.places ?? [...PROMOTION_PLACES],
  };
  const errors = answer?.intent === 'save' ? answer.errors : {};
  const title = editing ? `Change “${editing.title}”` : 'Add a promotion';
  return (
    <Card as="section" className="mt-5 p-4 sm:p-6">
      <h2 id="promotion-form-title" className="text-lg font-bold text-ink-900">
        {title}
      </h2>
      {/* A new form for another promotion and after each save, so that its fields start from what is saved. */}
      <StaffForm key={`${values.id ?? 'new'}-${visit}`} aria-labelledby="promotion-form-title" className="mt-3 grid gap-4 sm:grid-cols-2">
        {values.id ? <input type="hidden" name="id" value={values.id} /> : null}
        <div className="sm:col-span-2">
          <ContentField id="promotion-title" name="title" label="Title" hint="Up to 80 characters." maxLength={80} errors={errors} defaultValue={values.title} required />
        </div>
        <div className="sm:col-span-2">
          <ContentField
            id="promotion-text"
            name="text"
            label="Text"
            hint="Up to 300 characters, plain text."
            multiline
            maxLength={300}
            errors={errors}
            defaultValue={values.text}
            required
          />
        </div>
        <ContentField id="promotion-start" name="start" type="date" label="First day" errors={errors} defaultValue={values.start} required />
        <ContentField
          id="promotion-end"
          name="end"
          type="date"
          label="Last day"
          hint="It shows through the end of this day."
          errors={errors}
          defaultValue={values.end}
          required
        />
        <fieldset className="sm:col-span-2" aria-describedby={errors.places ? 'promotion-places-error' : undefined}>
          <legend className="text-sm font-semibold text-ink-800">Shows on</legend>
          <div className="mt-1.5 flex flex-wrap gap-2">
            {PROMOTION_PLACES.map((place) => (
              <label
                key={place}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 ring-1 ring-inset ring-ink-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600"
              >
                <input type="checkbox" name="places" value={place} defaultChecked={values.places.includes(place)} className="size-5 accent-brand-600" />
                {PROMOTION_PLACE_LABELS[place]}
              </label>
            ))}
          </div>
          <FieldError id="promotion-places-error" error={errors.places} />
        </fieldset>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" disabled={sending} className={buttonClasses('primary', 'md')}>
            {editing ? 'Save the changes' : 'Add the promotion'}
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

/** /staff/promotions: every promotion (the business file's read-only), and adding or changing staff's. */
function StaffPromotions() {
  const view = useLoaderData<SiteContentView>();
  const answer = useActionData<ContentAnswer<PromotionValues>>();
  return (
    <>
      <SiteContentHeader title="Promotions">
        Offers shown under the top of the home, showroom and town pages from their first day through their last (New Jersey dates).
      </SiteContentHeader>
      <SiteContentStatus message={answer?.message} />
      {view.canChange ? <PromotionForm view={view} answer={answer} /> : <p className="mt-4 text-sm text-ink-700">Managers and owners can add and change promotions.</p>}
      <section aria-labelledby="promotions-list-title" className="mt-8">
        <h2 id="promotions-list-title" className="text-lg font-bold text-ink-900">
          All promotions
        </h2>
        {view.promotions.length === 0 ? <p className="mt-2 text-ink-700">No promotions yet.</p> : null}
        <ul className="mt-3 grid gap-3">
          {view.promotions.map((promotion) => {
            const state = promotion.end < view.today ? 'Ended' : promotion.start > view.today ? 'Starts later' : 'Showing now';
            return (
              <li key={`${promotion.source}-${promotion.id}`}>
                <Card as="article" className="p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-bold text-ink-900">{promotion.title}</h3>
                    <Tag tone={state === 'Showing now' ? 'running' : 'neutral'}>{state}</Tag>
                    {promotion.source === 'file' ? <Tag>From the business file</Tag> : null}
                  </div>
                  <p className="mt-1 text-ink-800">{promotion.text}</p>
                  <p className="mt-1 text-sm text-ink-700">
                    {shortDate(promotion.start)} to {shortDate(promotion.end)} ·{' '}
                    {(promotion.places ?? PROMOTION_PLACES).map((place) => PROMOTION_PLACE_LABELS[place]).join(', ')}
                  </p>
                  {promotion.source === 'staff' && view.canChange ? (
                    <div className="mt-2 flex flex-wrap items-center gap-3">
                      <Link to={`${PAGE}?edit=${promotion.id}`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
                        Change<span className="sr-only"> {promotion.title}</span>
                      </Link>
                      <StaffForm>
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="id" value={promotion.id} />
                        <button type="submit" className={buttonClasses('secondary', 'md')}>
                          Delete<span className="sr-only"> {promotion.title}</span>
                        </button>
                      </StaffForm>
                    </div>
                  ) : null}
                  {promotion.source === 'file' ? (
                    <p className="mt-1 text-sm text-ink-600">Change it in the business file (seeds/business.json or BUSINESS_FILE).</p>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

export const staffPromotionsPage: StaffPageModule = { Component: StaffPromotions, loader: promotionsLoader, action: promotionsAction };
