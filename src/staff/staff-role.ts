// Shared by the staff pages and the server: plain code, no zod, so the browser does not download
// it. The server's schema over the same list is in staff-role-schema.server.ts.

/** The roles a staff member can hold, most powerful first. */
export const STAFF_ROLES = ['owner', 'manager', 'sales'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How pages, e-mails and the audit log name each role. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  sales: 'Sales',
};

/** Whether a value read from a form, a query string or a stored record is one of the roles. */
export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}
