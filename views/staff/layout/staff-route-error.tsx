import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '../../components/button-styles';

/** What a status means to the person who met it, in the staff area's words. */
function explain(status: number, detail: unknown): { title: string; text: string } {
  if (status === 403)
    return { title: 'Not part of your role', text: typeof detail === 'string' ? detail : 'Your role does not include this page. An owner can change roles.' };
  if (status === 404) return { title: 'Page not found', text: 'There is no staff page at this address.' };
  if (status === 405) return { title: 'Not a page', text: typeof detail === 'string' ? detail : 'This address only takes a form.' };
  if (status === 503) return { title: 'The database is not answering', text: 'Nothing was changed. Please try again in a minute.' };
  return { title: 'Something went wrong', text: 'Nothing was changed. Please try again; if it keeps happening, tell the site’s operator.' };
}

/** A staff page that could not be shown: why, in plain words, and a way on. No stack, no internals. */
export function StaffRouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, text } = explain(status, isRouteErrorResponse(error) ? error.data : undefined);
  return (
    <section aria-labelledby="staff-error-title" className="mx-auto max-w-xl py-10 text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Error {status}</p>
      <h1 id="staff-error-title" className="mt-2 text-2xl font-extrabold tracking-tight text-ink-900">
        {title}
      </h1>
      <p className="mt-3 text-ink-700">{text}</p>
      <p className="mt-6">
        <Link to="/staff" className={buttonClasses('primary', 'md')}>
          Staff home
        </Link>
      </p>
    </section>
  );
}
