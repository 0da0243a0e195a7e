import request from 'supertest';
import { createAuditLog } from '../../services/audit-log.service';
import { createLeads } from '../../services/leads/leads.service';
import { currentBusinessMoment } from '../../src/business/business-moment';
import { businessProfile } from '../../src/config/business-profile.server';
import { createLogger } from '../../src/logging/logger.server';
import { siteData } from '../../src/route-context/site-data.server';
import type { StaffRequest } from '../../src/staff/staff-request';
import type { StaffRole } from '../../src/staff/staff-role';
import type { TestApp } from './test-app';

/**
 * The leads service (services/leads/leads.service.ts) on a test app's clock, business file and
 * database, with the site's audit log: what the staff pages reach through `leadsContext`.
 */
export function leadsOf(site: TestApp) {
  const business = businessProfile(site.business, site.env.PUBLIC_ORIGIN);
  const moment = currentBusinessMoment(business, site.business.promotions, site.clock);
  const audit = createAuditLog({ clock: site.clock, logger: createLogger(site.env) });
  return createLeads({ clock: site.clock, audit, site: () => ({ ...siteData(business), moment: moment() }) });
}

/** A staff request as the staff controller hands one to a loader or action: signed in as this person. */
export function staffRequestAs(staff: { id: string; email: string; name: string; role: StaffRole }, now: Date): StaffRequest {
  return {
    session: { id: `session-${staff.id}`, purpose: 'staff', staff, signedInWith: 'password+code', createdAt: now, reauthenticatedAt: now },
    client: { address: '192.0.2.10', userAgent: 'Mozilla/5.0 (test)', requestId: `request-${staff.id}` },
    formToken: null,
    presented: { sessionToken: null, knownBrowserToken: null },
    cookies: {},
    origin: 'http://127.0.0.1',
  };
}

/** Posts an inquiry through the public API as a visitor's browser does; resolves with its id. */
export async function postInquiry(
  site: TestApp,
  fields: Partial<Record<'firstName' | 'lastName' | 'email' | 'phone' | 'interest' | 'message', string>> = {},
): Promise<string> {
  const answer = await request(site.app)
    .post('/api/contact')
    .send({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane.doe@example.com',
      phone: '(609) 555-0100',
      interest: 'sales',
      message: 'Do you have a four-seater in stock in blue?',
      ...fields,
    })
    .expect(201);
  return (answer.body as { id: string }).id;
}
