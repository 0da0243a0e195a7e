import mongoose from 'mongoose';
import { isDatabaseUnavailable } from '../src/db/database-unavailable.server';
import { StoreUnavailableError } from '../src/db/store-unavailable-error';

/**
 * Runs one database call for a repository, answering an outage as StoreUnavailableError with the
 * visitor's message. When Mongoose already knows the connection is down it fails at once instead
 * of queueing the call until a buffering timeout. Every repository's calls go through here.
 */
export async function storeCall<T>(visitorMessage: string, call: () => Promise<T>): Promise<T> {
  if (mongoose.connection.readyState !== mongoose.ConnectionStates.connected) throw new StoreUnavailableError(visitorMessage);
  try {
    return await call();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw new StoreUnavailableError(visitorMessage, { cause: error });
    throw error;
  }
}
