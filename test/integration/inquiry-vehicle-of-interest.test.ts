import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { InquiryCollection, type InquiryRecord } from '../../models/inquiry.model';
import { createInquiryService } from '../../services/inquiry.service';
import { createLeadIntake } from '../../services/leads/lead-state';
import { businessProfile } from '../../src/config/business-profile.server';
import { shippedBusiness } from '../support/business-file';
import { VALID_INQUIRY } from '../support/fixtures';
import { recordingCatalog } from '../support/recording-catalog';
import { testClock } from '../support/test-clock';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Submits an inquiry from a link naming `vehicle`; resolves with what was stored and what the catalog was asked. */
async function submitAbout(vehicle: string) {
  const catalog = recordingCatalog();
  const leads = createLeadIntake({ business: businessProfile(shippedBusiness, 'http://127.0.0.1') });
  const service = createInquiryService({ catalog, crmCopy: false, clock: testClock().now, leads });
  const { id } = await service.submit({ ...VALID_INQUIRY, interest: 'sales' }, { topic: 'quote', vehicle }, {});
  const record = await InquiryCollection.findOne({ id }).lean<InquiryRecord>().exec();
  return { vehicleOfInterest: record?.vehicleOfInterest, calls: catalog.calls };
}

describe('an inquiry from a link that names a vehicle', () => {
  test('stores that vehicle, looked up on its own rather than found in the whole catalog', async () => {
    expect(await submitAbout('denago-ev-city')).toEqual({
      vehicleOfInterest: { slug: 'denago-ev-city', name: 'DENAGO EV City', brand: 'denago', year: 2026, condition: 'new' },
      calls: ['findVehicleBySlug'],
    });
  });

  test('finds the vehicle from a link that names it, as older model entry pages wrote them', async () => {
    const { vehicleOfInterest, calls } = await submitAbout('EVOLUTION D6 Max GT4');
    expect(vehicleOfInterest?.slug).toBe('evolution-d6-max-gt4');
    expect(calls).toEqual(['findVehicleBySlug']);
  });

  test('stores none when the catalog holds no such vehicle', async () => {
    expect(await submitAbout('no-such-cart')).toEqual({ vehicleOfInterest: undefined, calls: ['findVehicleBySlug'] });
  });
});
