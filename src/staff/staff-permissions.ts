import type { StaffRole } from './staff-role';

// Who may do what, decided here once: the staff controller checks a page's roles before its loader
// runs, and every service checks again per action with `requirePermission`. Shared (plain code) so
// that a staff page can hide what its reader may not do; the server's check is the authority.
// Issues 23 (the leads inbox) and 24 (the inventory manager) add their permissions to this table.

/** Everything a role may be allowed, named by what the staff member does. */
export const STAFF_PERMISSIONS = [
  /** Invite, change roles, disable, enable, reset sign-in methods, end others' sessions. */
  'manage-staff',
  'read-audit-log',
  /** The leads inbox (issue 23). */
  'answer-leads',
  /** Units, photos and prices (issue 24). */
  'manage-inventory',
  'manage-promotions',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const PERMISSIONS_BY_ROLE: Record<StaffRole, ReadonlySet<StaffPermission>> = {
  // The owner may do everything, including whatever a later issue adds.
  owner: new Set(STAFF_PERMISSIONS),
  manager: new Set(['answer-leads', 'manage-inventory', 'manage-promotions']),
  sales: new Set(['answer-leads']),
};

/** Whether a staff member in this role may do this. */
export function can(role: StaffRole, permission: StaffPermission): boolean {
  return PERMISSIONS_BY_ROLE[role].has(permission);
}

/**
 * A staff member tried something their role does not allow: the answer is 403 (with the staff
 * area's page) and an `access.denied` audit event naming the permission.
 */
export class StaffForbiddenError extends Error {
  readonly status = 403;
  readonly publicMessage = 'Your role does not allow this. Ask an owner if you need it.';

  constructor(
    readonly role: StaffRole,
    readonly permission: StaffPermission,
  ) {
    super(`the role ${role} may not ${permission}`);
    this.name = 'StaffForbiddenError';
  }
}

/** For services: raises StaffForbiddenError unless the actor's role allows the permission. */
export function requirePermission(actor: { role: StaffRole }, permission: StaffPermission): void {
  if (!can(actor.role, permission)) throw new StaffForbiddenError(actor.role, permission);
}
