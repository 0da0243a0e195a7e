import { useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { SITE_NOTICE_MAX, siteContentContext, type NoticeInput, type SiteContentView } from '../../../src/site-content/site-content';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { ContentField, SiteContentHeader, SiteContentStatus, type ContentAnswer } from '../components/site-content-parts';
import { StaffForm } from '../components/staff-form';
import type { StaffPageModule } from '../layout/staff-page-module';
import { fieldText, staffAnswer } from './owner-answers';
import { contentAnswer } from './site-content-answers';

const PAGE = '/staff/notice';

async function noticeLoader({ context }: LoaderFunctionArgs): Promise<SiteContentView> {
  return staffAnswer(() => context.get(siteContentContext).read(context.get(staffRequestContext)), PAGE);
}

/** Saves the notice, or removes it (`intent=delete`). */
async function noticeAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const editor = context.get(siteContentContext);
  const staff = context.get(staffRequestContext);
  if (fieldText(form, 'intent') === 'delete') return contentAnswer(PAGE, await staffAnswer(() => editor.clearNotice(staff), PAGE), 'delete');
  const values: NoticeInput = { text: fieldText(form, 'text'), link: fieldText(form, 'link'), start: fieldText(form, 'start'), end: fieldText(form, 'end') };
  return contentAnswer(PAGE, await staffAnswer(() => editor.saveNotice(values, staff), PAGE), 'save', values);
}

/** "Dec 24, 2026, 12:00 PM" from the wall-clock "2026-12-24T12:00". */
function wallClockText(local: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(`${local}:00Z`));
}

/** /staff/notice: the one banner at the top of every public page, between two New Jersey times. */
function StaffNotice() {
  const view = useLoaderData<SiteContentView>();
  const answer = useActionData<ContentAnswer<NoticeInput>>();
  const sending = useNavigation().state === 'submitting';
  const notice = view.notice;
  const values = answer?.values ?? { text: notice?.text ?? '', link: notice?.link ?? '', start: notice?.start ?? '', end: notice?.end ?? '' };
  const errors = answer?.intent === 'save' ? answer.errors : {};
  return (
    <>
      <SiteContentHeader title="Site notice">
        One short line at the top of every public page (a storm closure, a holiday sale), shown from its start to its end, New Jersey time.
      </SiteContentHeader>
      <SiteContentStatus message={answer?.message} />
      <Card as="section" aria-labelledby="notice-now-title" className="mt-5 p-4 sm:p-6">
        <h2 id="notice-now-title" className="text-lg font-bold text-ink-900">
          The notice now
        </h2>
        {notice ? (
          <>
            <p className="mt-2 rounded-xl bg-brand-900 px-4 py-2 text-sm font-semibold text-white">{notice.text}</p>
            <p className="mt-2 text-sm text-ink-700">
              From {wallClockText(notice.start)} to {wallClockText(notice.end)}
              {notice.link ? `, linking to ${notice.link}` : ''}.
            </p>
            {view.canChange ? (
              <StaffForm className="mt-3">
                <input type="hidden" name="intent" value="delete" />
                <button type="submit" className={buttonClasses('secondary', 'md')}>
                  Remove the notice
                </button>
              </StaffForm>
            ) : null}
          </>
        ) : (
          <p className="mt-2 text-ink-700">There is no notice.</p>
        )}
      </Card>
      {view.canChange ? (
        <Card as="section" className="mt-5 p-4 sm:p-6">
          <h2 id="notice-form-title" className="text-lg font-bold text-ink-900">
            {notice ? 'Change the notice' : 'Put up a notice'}
          </h2>
          <StaffForm aria-labelledby="notice-form-title" className="mt-3 grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <ContentField
                id="notice-text"
                name="text"
                label="Text"
                hint={`Plain text on one line, up to ${SITE_NOTICE_MAX} characters.`}
                multiline
                maxLength={SITE_NOTICE_MAX}
                errors={errors}
                defaultValue={values.text}
                required
              />
            </div>
            <div className="sm:col-span-2">
              <ContentField
                id="notice-link"
                name="link"
                label="Link (optional)"
                hint="A page of this site, like /contact or /inventory."
                errors={errors}
                defaultValue={values.link}
              />
            </div>
            <ContentField id="notice-start" name="start" type="datetime-local" label="Shows from" errors={errors} defaultValue={values.start} required />
            <ContentField id="notice-end" name="end" type="datetime-local" label="Until" errors={errors} defaultValue={values.end} required />
            <div className="sm:col-span-2">
              <button type="submit" disabled={sending} className={buttonClasses('primary', 'md')}>
                Save the notice
              </button>
            </div>
          </StaffForm>
        </Card>
      ) : (
        <p className="mt-4 text-sm text-ink-700">Managers and owners can change the notice.</p>
      )}
    </>
  );
}

export const staffNoticePage: StaffPageModule = { Component: StaffNotice, loader: noticeLoader, action: noticeAction };
