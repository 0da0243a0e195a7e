import { Suspense, type ReactNode } from 'react';
import { Await } from 'react-router';
import type { VehicleListData } from '../../src/catalog/vehicle-list-loader';
import { AsyncVehicleLoadError, VehicleLoadError } from './vehicle-load-error';
import { VehicleGridSkeleton } from './vehicle-skeleton';

interface AwaitVehiclesProps<T> {
  list: VehicleListData<T>;
  /** What screen readers hear while the list loads. */
  loadingLabel: string;
  skeletonClassName: string;
  children: (vehicles: T) => ReactNode;
}

/**
 * A vehicle list from a loader: the server's load error, the six skeleton cards while the browser
 * waits for it, the error if it fails there, and otherwise what `children` makes of it.
 */
export function AwaitVehicles<T>({ list, loadingLabel, skeletonClassName, children }: AwaitVehiclesProps<T>) {
  if (list.loadError) return <VehicleLoadError message={list.loadError} />;
  return (
    <Suspense fallback={<VehicleGridSkeleton className={skeletonClassName} label={loadingLabel} />}>
      <Await resolve={list.vehicles} errorElement={<AsyncVehicleLoadError />}>
        {(vehicles: T) => children(vehicles)}
      </Await>
    </Suspense>
  );
}
