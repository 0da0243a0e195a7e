import type { RouteObject } from 'react-router';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pageRouteIds } from '../../src/ssr/page-route-ids.server';
import type { StaffRouteHandle } from '../../src/staff/staff-access';
import { staffRoutes } from '../../views/staff/staff-routes';
import { useTestApp } from '../support/test-app';

/**
 * Every staff page says who may open it, and the staff controller holds to it before any loader runs
 * (decision 011, "Access"; ASVS 6.3.4): a page added later cannot forget its rule.
 */

const site = useTestApp();

/** Each page route with its full path under /staff (`:params` filled with a well-formed id). */
function pageRoutes(table: readonly RouteObject[], parent = ''): { id: string; path: string; handle: StaffRouteHandle | undefined }[] {
  return table.flatMap((route) => {
    const path = route.index ? parent : route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    if (route.children) return pageRoutes(route.children, path);
    return [{ id: route.id!, path: path.replace(/:[A-Za-z]+/g, '0123456789abcdef01234567'), handle: route.handle as StaffRouteHandle | undefined }];
  });
}

const pages = pageRoutes(staffRoutes);

describe('staff page access', () => {
  it('finds every page of the route table', () => {
    expect(pages.map((page) => page.id).sort()).toEqual(pageRouteIds(staffRoutes).sort());
    expect(pages.map((page) => page.id)).toEqual(expect.arrayContaining(['staff-people-page', 'staff-person-page', 'staff-invite-page', 'staff-audit-page']));
  });

  it.each(pages)('$id says who may open it', ({ handle }) => {
    expect(handle?.access).toBeDefined();
    expect(handle?.title).toBeTruthy();
  });

  it('keeps people and the audit log to owners', () => {
    for (const id of ['staff-people-page', 'staff-person-page', 'staff-invite-page', 'staff-audit-page']) {
      expect(pages.find((page) => page.id === id)?.handle?.access, id).toEqual({ roles: ['owner'] });
    }
  });

  it.each(pages.filter((page) => page.handle?.access !== 'anyone'))('$id ($path) sends a visitor without a session to sign-in', async ({ path }) => {
    const response = await request(site.app).get(path);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/staff/sign-in?returnTo=${encodeURIComponent(path)}`);
  });
});
