import { randomUUID } from 'node:crypto';
import { startLeaseRepository } from '../models/start-lease.repository';
import { vehicleRepository } from '../models/vehicle.repository';
import type { Logger } from '../src/logging/logger.server';
import type { Clock } from '../src/time/clock';
import { seedCatalogIfEmpty, type CatalogImportResult } from './catalog-import.service';

const SEED_TASK = 'catalog-seed';
/** Seeding the shipped catalog takes well under a second; an instance that died holding the lease is taken over after this. */
const SEED_LEASE_MS = 60_000;
/** How often an instance waiting for another's seed looks again. */
const POLL_MS = 250;

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * At start, with SEED_CATALOG: an empty catalog gets the shipped one, once, however many instances
 * start on one empty database at the same moment. The instance that takes the seed's lease imports
 * it; the others wait until the catalog is there (or the lease runs out, should that instance die
 * mid-way, and one of them seeds instead), so that no instance answers with an empty catalog.
 */
export async function seedCatalogOnce(options: { logger: Logger; clock: Clock; leaseMs?: number; pollMs?: number }): Promise<CatalogImportResult | null> {
  const token = randomUUID();
  const leaseMs = options.leaseMs ?? SEED_LEASE_MS;
  for (let waited = false; ; waited = true) {
    if (!(await vehicleRepository.isEmpty())) {
      if (waited) options.logger.info('the catalog was seeded by another instance');
      return null;
    }
    const now = options.clock();
    if (await startLeaseRepository.claim(SEED_TASK, { token, now, leaseUntil: new Date(now.getTime() + leaseMs) })) {
      try {
        // Still empty under the lease: the instance that held it before may have finished since the check above.
        return await seedCatalogIfEmpty(options.logger);
      } finally {
        await startLeaseRepository.release(SEED_TASK, token);
      }
    }
    await wait(options.pollMs ?? POLL_MS);
  }
}
