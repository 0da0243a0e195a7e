import { data, type RouteObject } from 'react-router';
import { staffRequestContext } from '../../src/route-context/staff-route-context';
import { EVERY_ROLE, type StaffRouteHandle } from '../../src/staff/staff-access';
import { UNIT_PHOTO_LIMIT, UPLOAD_FIELD, UPLOAD_PHOTO_BYTES } from '../../src/staff/unit-photos';
import { StaffLayout, staffLayoutLoader } from './layout/staff-layout';
import { StaffRouteError } from './layout/staff-route-error';

const STAFF = { roles: EVERY_ROLE };
const OWNER = { roles: ['owner'] } as const;
const LEAD_SETTINGS = { roles: ['owner', 'manager'] } as const;
/** The unit photos page's multipart form: files only from those who may change the inventory. */
const UNIT_PHOTO_UPLOAD = { field: UPLOAD_FIELD, permission: 'manage-inventory', maxFiles: UNIT_PHOTO_LIMIT, maxFileBytes: UPLOAD_PHOTO_BYTES } as const;
/** Adding a unit ('manage-inventory'); the list and a unit's page are every role's, their changes checked by the service. */
const INVENTORY = { roles: ['owner', 'manager'] } as const;

/** A staff page: its rule and title on the route, its code (loader, action, component) in its own chunk. */
function page(id: string, path: string | undefined, handle: StaffRouteHandle, load: () => Promise<object>): RouteObject {
  return { id, ...(path === undefined ? { index: true } : { path }), handle, lazy: load };
}

/**
 * The staff area's route table (under /staff), apart from the public one (views/routes.tsx): its own
 * document (staff.html), client entry and stylesheet, so public pages carry none of it. A page route's
 * id is its module's file name under views/staff/pages/, which is how the server finds its chunk.
 * `handle.access` says who may open it (src/staff/staff-access.ts); controllers/staff.controller.ts
 * decides before any loader runs, and a test walks this table so that no page forgets its rule.
 */
export const staffRoutes: RouteObject[] = [
  {
    id: 'staff-layout',
    path: '/staff',
    Component: StaffLayout,
    loader: staffLayoutLoader,
    ErrorBoundary: StaffRouteError,
    children: [
      {
        id: 'staff-pages',
        ErrorBoundary: StaffRouteError,
        // A role that may not open the page: the page's own loader never runs (the controller leaves it
        // out), and this answers 403 inside the staff layout.
        loader: ({ context }) => {
          if (context.get(staffRequestContext).forbidden) throw data('Your role does not include this page.', { status: 403 });
          return null;
        },
        shouldRevalidate: () => false,
        children: [
          page('staff-home-page', undefined, { access: STAFF, title: 'Staff' }, () => import('./pages/staff-home-page').then((module) => module.staffHomePage)),
          page('staff-sign-in-page', 'sign-in', { access: 'anyone', title: 'Sign in' }, () =>
            import('./pages/staff-sign-in-page').then((module) => module.staffSignInPage),
          ),
          page('staff-confirm-page', 'confirm', { access: STAFF, title: 'Confirm it’s you' }, () =>
            import('./pages/staff-confirm-page').then((module) => module.staffConfirmPage),
          ),
          page('staff-invitation-page', 'invitation', { access: 'anyone', title: 'Your invitation' }, () =>
            import('./pages/staff-invitation-page').then((module) => module.staffInvitationPage),
          ),
          page('staff-welcome-page', 'welcome', { access: 'enrolment', title: 'Welcome' }, () =>
            import('./pages/staff-welcome-page').then((module) => module.staffWelcomePage),
          ),
          page('staff-welcome-password-page', 'welcome/password', { access: 'enrolment', title: 'Choose a password' }, () =>
            import('./pages/staff-welcome-password-page').then((module) => module.staffWelcomePasswordPage),
          ),
          page('staff-welcome-authenticator-app-page', 'welcome/authenticator-app', { access: 'enrolment', title: 'Add the authenticator app' }, () =>
            import('./pages/staff-welcome-authenticator-app-page').then((module) => module.staffWelcomeAuthenticatorAppPage),
          ),
          page('staff-welcome-recovery-codes-page', 'welcome/recovery-codes', { access: 'enrolment', title: 'Recovery codes' }, () =>
            import('./pages/staff-welcome-recovery-codes-page').then((module) => module.staffWelcomeRecoveryCodesPage),
          ),
          page('staff-leads-page', 'leads', { access: STAFF, title: 'Leads' }, () => import('./pages/staff-leads-page').then((module) => module.staffLeadsPage)),
          page('staff-leads-settings-page', 'leads/settings', { access: LEAD_SETTINGS, title: 'Lead assignment' }, () =>
            import('./pages/staff-leads-settings-page').then((module) => module.staffLeadsSettingsPage),
          ),
          // Files, not pages (handle.file): the controller sends their loaders' Responses. Static paths, so they win over leads/:leadId.
          page('staff-leads-export-csv', 'leads/export.csv', { access: STAFF, title: 'Leads as CSV', file: true }, () =>
            import('./pages/staff-leads-export').then((module) => ({ loader: module.leadsExportLoader('csv') })),
          ),
          page('staff-leads-export-xml', 'leads/export.xml', { access: STAFF, title: 'Leads as ADF XML', file: true }, () =>
            import('./pages/staff-leads-export').then((module) => ({ loader: module.leadsExportLoader('adf') })),
          ),
          page('staff-lead-page', 'leads/:leadId', { access: STAFF, title: 'Lead' }, () => import('./pages/staff-lead-page').then((module) => module.staffLeadPage)),
          page('staff-inventory-page', 'inventory', { access: STAFF, title: 'Inventory' }, () =>
            import('./pages/staff-inventory-page').then((module) => module.staffInventoryPage),
          ),
          page('staff-inventory-new-page', 'inventory/new', { access: INVENTORY, title: 'Add a unit' }, () =>
            import('./pages/staff-inventory-new-page').then((module) => module.staffInventoryNewPage),
          ),
          page('staff-unit-page', 'inventory/:stock', { access: STAFF, title: 'Unit' }, () => import('./pages/staff-unit-page').then((module) => module.staffUnitPage)),
          page('staff-unit-photos-page', 'inventory/:stock/photos', { access: STAFF, title: 'Unit photos', upload: UNIT_PHOTO_UPLOAD }, () =>
            import('./pages/staff-unit-photos-page').then((module) => module.staffUnitPhotosPage),
          ),
          page('staff-promotions-page', 'promotions', { access: STAFF, title: 'Promotions' }, () =>
            import('./pages/staff-promotions-page').then((module) => module.staffPromotionsPage),
          ),
          page('staff-closures-page', 'closures', { access: STAFF, title: 'Holiday hours' }, () =>
            import('./pages/staff-closures-page').then((module) => module.staffClosuresPage),
          ),
          page('staff-notice-page', 'notice', { access: STAFF, title: 'Site notice' }, () =>
            import('./pages/staff-notice-page').then((module) => module.staffNoticePage),
          ),
          page('staff-people-page', 'people', { access: OWNER, title: 'People' }, () => import('./pages/staff-people-page').then((module) => module.staffPeoplePage)),
          page('staff-invite-page', 'people/new', { access: OWNER, title: 'Invite a person' }, () =>
            import('./pages/staff-invite-page').then((module) => module.staffInvitePage),
          ),
          page('staff-person-page', 'people/:staffId', { access: OWNER, title: 'Person' }, () =>
            import('./pages/staff-person-page').then((module) => module.staffPersonPage),
          ),
          page('staff-audit-page', 'audit', { access: OWNER, title: 'Audit log' }, () => import('./pages/staff-audit-page').then((module) => module.staffAuditPage)),
          page('staff-account-page', 'account', { access: STAFF, title: 'Your account' }, () =>
            import('./pages/staff-account-page').then((module) => module.staffAccountPage),
          ),
          page('staff-sign-out', 'sign-out', { access: 'any-session', title: 'Sign out' }, () => import('./pages/staff-sign-out').then((module) => module.staffSignOut)),
          page('staff-not-found-page', '*', { access: 'anyone', title: 'Page not found' }, () =>
            import('./pages/staff-not-found-page').then((module) => module.staffNotFoundPage),
          ),
        ],
      },
    ],
  },
];
