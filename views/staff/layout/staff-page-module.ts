import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, ShouldRevalidateFunction } from 'react-router';

/**
 * What a staff page file gives the route table (views/staff/staff-routes.tsx), loaded lazily so that
 * each page is its own chunk. Its loader and action run only on the server: the browser reaches them
 * through views/staff/layout/server-data-routes.ts. Who may open the page is on the route itself.
 */
export interface StaffPageModule {
  Component: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
}
