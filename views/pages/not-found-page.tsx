import { data } from 'react-router';
import { SiteLink } from '../components/site-link';
import { buttonClasses } from '../components/button-styles';
import { Icon } from '../components/icon';
import type { PageModule } from './page-module';

function NotFoundPage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-4 text-lg text-ink-600">The page you are looking for has moved or never existed. Our carts are still right where you left them.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <SiteLink to="/" className={buttonClasses('primary', 'lg')}>
          <Icon name="arrowLeft" className="size-4" />
          Back to Home
        </SiteLink>
        <SiteLink to="/inventory" className={buttonClasses('secondary', 'lg')}>
          Browse Inventory
        </SiteLink>
      </div>
    </div>
  );
}

export const notFoundPage: PageModule = {
  Component: NotFoundPage,
  // The page renders normally, with the status a crawler needs.
  loader: () => data(null, { status: 404 }),
  handle: {
    head: () => ({ title: '404 Page Not Found', description: 'The page you are looking for could not be found.', canonicalPath: null }),
  },
};
