import { z } from 'zod';
import { STAFF_ROLES } from './staff-role';

/** A role at a boundary (a form, the operator command's --role, a stored record): one of STAFF_ROLES. */
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: `must be one of ${STAFF_ROLES.join(', ')}` });
