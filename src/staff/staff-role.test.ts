import { describe, expect, it } from 'vitest';
import { isStaffRole, STAFF_ROLE_LABELS, STAFF_ROLES } from './staff-role';
import { staffRoleSchema } from './staff-role-schema.server';

describe('staff roles', () => {
  it('are owner, manager and sales, each with a label', () => {
    expect(STAFF_ROLES).toEqual(['owner', 'manager', 'sales']);
    expect(STAFF_ROLE_LABELS).toEqual({ owner: 'Owner', manager: 'Manager', sales: 'Sales' });
  });

  it('accept only those three words, in lower case, from a form or the operator command', () => {
    for (const role of ['owner', 'manager', 'sales']) {
      expect(isStaffRole(role)).toBe(true);
      expect(staffRoleSchema.parse(role)).toBe(role);
    }
    for (const value of ['admin', 'Owner', ' sales', '', null, 1, undefined]) {
      expect(isStaffRole(value)).toBe(false);
      expect(staffRoleSchema.safeParse(value).success).toBe(false);
    }
    expect(staffRoleSchema.safeParse('admin').error?.issues[0]?.message).toBe('must be one of owner, manager, sales');
  });
});
