import { data } from 'react-router';
import type { StaffPageModule } from '../layout/staff-page-module';

/** Any other address under /staff: the staff area's own 404, inside its layout. */
function notFoundLoader(): never {
  throw data('There is no staff page at this address.', { status: 404 });
}

function NotFound() {
  return null;
}

export const staffNotFoundPage: StaffPageModule = { Component: NotFound, loader: notFoundLoader };
