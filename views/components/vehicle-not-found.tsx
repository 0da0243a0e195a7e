import type { PageHead } from '../../src/head/page-head';
import { ButtonLink } from './button-link';
import { Icon } from './icon';

/** The head of the "Vehicle Not Found" view: not indexed. */
export const vehicleNotFoundHead: PageHead = {
  title: 'Vehicle Not Found',
  description: "The vehicle you're looking for doesn't exist or has been removed.",
  canonicalPath: null,
};

/** What an unknown vehicle id or model slug shows (with status 404 when server-rendered). */
export function VehicleNotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-sand-100 text-brand-700">
        <Icon name="gauge" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">Vehicle Not Found</h1>
      <p className="mt-4 text-lg text-ink-600">The vehicle you're looking for doesn't exist or has been removed.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/inventory" size="lg" icon="arrowLeft">
          Back to Inventory
        </ButtonLink>
      </div>
    </div>
  );
}
