import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { VehicleCollection } from '../../models/vehicle.model';
import { seedCatalogIfEmpty } from '../../services/catalog-import.service';
import { startEmbeddedMongo, type EmbeddedMongo } from 'embedded-mongo';
import { createLogger } from '../../src/logging/logger.server';

export interface TestDatabase {
  /** The database's connection string (the embedded server's, or MONGODB_URI). */
  uri: string;
  dbName: string;
  /** True while the database answers a ping: what /readyz asks. */
  isReady(): Promise<boolean>;
  /**
   * Makes the database unreachable for the rest of the test: the embedded server stops, or, with
   * MONGODB_URI, Mongoose disconnects. close() still cleans up afterwards.
   */
  simulateOutage(): Promise<void>;
  /** Disconnects Mongoose and stops the embedded server, or drops the test database. */
  close(): Promise<void>;
}

/**
 * Connects Mongoose (the process-wide default connection) to a fresh, empty database: an in-memory
 * embedded server, or a uniquely named database on MONGODB_URI when that is set, so the same
 * tests run against a real MongoDB. One per test file at a time; Vitest isolates files.
 */
export async function startTestDatabase(options: { seedCatalog?: boolean } = {}): Promise<TestDatabase> {
  const external = process.env.MONGODB_URI;
  let embedded: EmbeddedMongo | undefined;
  let uri: string;
  let dbName: string;
  if (external) {
    uri = external;
    dbName = `test-${randomUUID().slice(0, 8)}`;
  } else {
    embedded = await startEmbeddedMongo();
    uri = embedded.uri;
    dbName = 'test';
  }

  mongoose.set('sanitizeFilter', true);
  mongoose.set('strictQuery', true);
  // A short selection timeout keeps outage tests quick; the application uses 5 s.
  await mongoose.connect(uri, { dbName, serverSelectionTimeoutMS: 2000 });
  // Unique indexes must exist before a test relies on them: every model imported so far gets its own.
  await Promise.all([VehicleCollection, ...mongoose.modelNames().map((name) => mongoose.model(name))].map((model) => model.init()));
  if (options.seedCatalog) await seedCatalogIfEmpty(createLogger({ LOG_LEVEL: 'silent' }));

  return {
    uri,
    dbName,
    async isReady() {
      if (mongoose.connection.readyState !== mongoose.ConnectionStates.connected || !mongoose.connection.db) return false;
      await mongoose.connection.db.admin().ping();
      return true;
    },
    async simulateOutage() {
      if (embedded) await embedded.close();
      else await mongoose.disconnect();
    },
    async close() {
      if (external) {
        // Dropping needs a live connection, which an outage test may have closed.
        const cleanup =
          mongoose.connection.readyState === mongoose.ConnectionStates.connected ? mongoose.connection : await mongoose.createConnection(uri, { dbName }).asPromise();
        await cleanup.dropDatabase();
        if (cleanup !== mongoose.connection) await cleanup.close();
      }
      await mongoose.disconnect();
      await embedded?.close();
    },
  };
}
