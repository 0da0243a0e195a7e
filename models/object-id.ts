import { Types } from 'mongoose';

/**
 * The ObjectId a record id names, or null when the text is not one. Ids reach repositories from
 * addresses and forms (`/staff/people/:staffId`), and an id that names nothing is simply not found,
 * never a cast error.
 */
export function objectIdOf(id: string): Types.ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(id) ? new Types.ObjectId(id) : null;
}
