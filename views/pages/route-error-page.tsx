import { isRouteErrorResponse, useRouteError } from 'react-router';
import { SiteLink } from '../components/site-link';
import { buttonClasses } from '../components/button-styles';
import { useBusiness } from '../hooks/use-business';

/** Shown inside the site layout when a page fails unexpectedly: apologise and offer a way on. */
export function RouteErrorPage() {
  const error = useRouteError();
  const business = useBusiness();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Error {status}</p>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">Something went wrong on our side</h1>
      <p className="mt-4 text-lg text-ink-600">
        Please try again in a moment. If it keeps happening, call us at{' '}
        <a className="font-semibold text-brand-700 underline" href={business.phoneHref}>
          {business.phone}
        </a>{' '}
        and we will help right away.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <SiteLink to="/" className={buttonClasses('primary', 'lg')}>
          Back to Home
        </SiteLink>
      </div>
    </div>
  );
}
