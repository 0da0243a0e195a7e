import { useEffect } from 'react';
import { Form, Link, NavLink, Outlet, useMatches, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { siteDataContext } from '../../../src/route-context/route-context';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import type { StaffRouteHandle } from '../../../src/staff/staff-access';
import type { StaffMemberView } from '../../../src/staff/staff-request';
import { buttonClasses } from '../../components/button-styles';

/** What every staff page's frame shows: who is signed in, and the token each of its forms carries. */
export interface StaffLayoutData {
  businessName: string;
  /** The signed-in person, or null (sign-in, an invitation). */
  staff: StaffMemberView | null;
  /** `enrolment` while an invited person sets up their sign-in methods: only the welcome pages, no menu. */
  purpose: 'staff' | 'enrolment' | null;
  /** This session's masked form token (a new mask per render), for every form's hidden field. */
  formToken: string | null;
}

export function staffLayoutLoader({ context }: LoaderFunctionArgs): StaffLayoutData {
  const request = context.get(staffRequestContext);
  return {
    businessName: context.get(siteDataContext).business.name,
    staff: request.session?.staff ?? null,
    purpose: request.session?.purpose ?? null,
    formToken: request.formToken,
  };
}

/** The staff layout's data, from any staff page. */
export function useStaffLayout(): StaffLayoutData {
  return useRouteLoaderData('staff-layout') as StaffLayoutData;
}

/**
 * The document title follows the page on client-side navigations (the server writes it for the first).
 * A page whose data has a `titleCount` above 0 shows it first, "(3) Leads", as the leads inbox does
 * with its new inquiries, so a tab in the background shows them arriving.
 */
function StaffDocumentTitle({ businessName }: { businessName: string }) {
  const deepest = useMatches().at(-1);
  const title = (deepest?.handle as StaffRouteHandle | undefined)?.title;
  const count = (deepest?.loaderData as { titleCount?: unknown } | null | undefined)?.titleCount;
  const shown = title && typeof count === 'number' && count > 0 ? `(${count}) ${title}` : title;
  useEffect(() => {
    if (shown) document.title = staffDocumentTitle(shown, businessName);
  }, [shown, businessName]);
  return null;
}

export function staffDocumentTitle(title: string, businessName: string): string {
  return `${title} · Staff · ${businessName}`;
}

function navClass({ isActive }: { isActive: boolean }): string {
  return `inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold ${isActive ? 'bg-white/15 text-white' : 'text-brand-100 hover:bg-white/10 hover:text-white'}`;
}

/** Marks the document once React has hydrated it, for tests and for CSS that needs JavaScript. */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * The frame of every staff page: a compact header (the business, the person and their role, a
 * sign-out button on every signed-in page) and the page. Mobile first: staff use it on a phone
 * between customers, so the menu is one scrollable row and every target is at least 44 px.
 */
export function StaffLayout() {
  const { businessName, staff, purpose, formToken } = useStaffLayout();
  const signedIn = staff !== null && purpose === 'staff';
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:left-4 focus:top-3">
        Skip to content
      </a>
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <Link to={signedIn ? '/staff' : '/staff/sign-in'} className="flex min-h-11 items-center gap-2 rounded-md font-extrabold tracking-tight">
            <span>{businessName}</span>
            <span className="rounded-full bg-sun-400 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-ink-900">Staff</span>
          </Link>
          {staff ? (
            <div className="flex items-center gap-3">
              <p className="text-sm text-brand-100">
                <span className="font-semibold text-white">{staff.name}</span>
                <span className="sr-only">, </span>
                <span className="ml-1 capitalize">{staff.role}</span>
              </p>
              <Form method="post" action="/staff/sign-out">
                <input type="hidden" name="formToken" value={formToken ?? ''} />
                <button type="submit" className={buttonClasses('outline-light', 'md')}>
                  Sign out
                </button>
              </Form>
            </div>
          ) : null}
        </div>
        {signedIn ? (
          <nav aria-label="Staff" className="mx-auto max-w-5xl overflow-x-auto px-2 pb-2 sm:px-4">
            <ul className="flex gap-1 whitespace-nowrap">
              <li>
                <NavLink to="/staff" end className={navClass}>
                  Home
                </NavLink>
              </li>
              <li>
                <NavLink to="/staff/leads" className={navClass}>
                  Leads
                </NavLink>
              </li>
              <li>
                <NavLink to="/staff/inventory" className={navClass}>
                  Inventory
                </NavLink>
              </li>
              <li>
                <NavLink to="/staff/promotions" className={navClass}>
                  Promotions
                </NavLink>
              </li>
              {staff.role === 'owner' ? (
                <>
                  <li>
                    <NavLink to="/staff/people" className={navClass}>
                      People
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to="/staff/audit" className={navClass}>
                      Audit log
                    </NavLink>
                  </li>
                </>
              ) : null}
              <li>
                <NavLink to="/staff/account" className={navClass}>
                  Your account
                </NavLink>
              </li>
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 outline-none sm:px-6 sm:py-8">
        <Outlet />
      </main>
      <StaffDocumentTitle businessName={businessName} />
      <HydrationMarker />
    </>
  );
}
