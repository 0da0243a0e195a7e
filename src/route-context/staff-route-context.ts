import { createContext } from 'react-router';
import type { StaffRequest } from '../staff/staff-request';
import type { StaffSessions } from '../staff/staff-sessions';

// The staff area's route context (views/staff/staff-routes.tsx). Staff loaders and actions run only
// on the server (the browser reaches them through views/staff/layout/server-data-routes.ts), so every
// value here is a server service or this request's own state, built per request by
// controllers/staff.controller.ts. Each staff service's context sits beside its interface in src/staff/.

/** This request: its checked session (or none), where it came from, its form token and the cookies to write. */
export const staffRequestContext = createContext<StaffRequest>();
/** Sign-out, the person's sessions, ending the others. */
export const staffSessionsContext = createContext<StaffSessions>();
