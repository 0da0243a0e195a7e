import { describe, expect, it } from 'vitest';
import { can, requirePermission, STAFF_PERMISSIONS, StaffForbiddenError } from './staff-permissions';
import { STAFF_ROLES } from './staff-role';

describe('staff permissions', () => {
  it('let only an owner manage staff and read the audit log', () => {
    expect(can('owner', 'manage-staff')).toBe(true);
    expect(can('owner', 'read-audit-log')).toBe(true);
    for (const role of ['manager', 'sales'] as const) {
      expect(can(role, 'manage-staff')).toBe(false);
      expect(can(role, 'read-audit-log')).toBe(false);
    }
  });

  it('let a manager work the leads, the inventory and the promotions', () => {
    expect(can('manager', 'answer-leads')).toBe(true);
    expect(can('manager', 'manage-inventory')).toBe(true);
    expect(can('manager', 'manage-promotions')).toBe(true);
  });

  it('let sales answer leads and nothing else', () => {
    expect(STAFF_PERMISSIONS.filter((permission) => can('sales', permission))).toEqual(['answer-leads']);
  });

  it('give the owner every permission there is', () => {
    expect(STAFF_PERMISSIONS.every((permission) => can('owner', permission))).toBe(true);
  });

  it('refuse a service call with a 403 error naming the role and the permission', () => {
    expect(() => requirePermission({ role: 'manager' }, 'answer-leads')).not.toThrow();
    let refusal: unknown;
    try {
      requirePermission({ role: 'sales' }, 'manage-staff');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(StaffForbiddenError);
    expect(refusal).toMatchObject({ status: 403, role: 'sales', permission: 'manage-staff' });
    expect(STAFF_ROLES.filter((role) => !can(role, 'manage-staff'))).toEqual(['manager', 'sales']);
  });
});
