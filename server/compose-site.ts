import type { Express, RequestHandler } from 'express';
import { createCatalogService } from '../services/catalog.service';
import { createInquiryService } from '../services/inquiry.service';
import { createInquirySender } from '../services/inquiry-sender.service';
import { createLeadIntake } from '../services/leads/lead-state';
import { photoStoreFromEnv } from '../services/photos/photo-store-from-env';
import { createInquiryOutbox, type InquiryOutbox } from '../services/mail-outbox.service';
import type { BusinessFile } from '../src/config/business-file';
import { businessProfile } from '../src/config/business-profile.server';
import type { Env } from '../src/config/env.server';
import type { Logger } from '../src/logging/logger.server';
import { inquiryMailSettings } from '../src/mail/inquiry-mail-settings.server';
import type { MailTransport } from '../src/mail/mail-transport.server';
import type { PageRenderer } from '../src/ssr/page-renderer.server';
import type { Clock } from '../src/time/clock';
import { createAuditLog } from '../services/audit-log.service';
import { currentBusinessMoment } from '../src/business/business-moment';
import { siteData } from '../src/route-context/site-data.server';
import { createSiteContentReader } from '../services/site-content/site-content-reader';
import { createApp } from './app';
import { composeStaffArea } from './compose-staff';

export interface SiteOptions {
  env: Env;
  /** The dealer's facts (seeds/business.json or BUSINESS_FILE), checked at start. */
  business: BusinessFile;
  logger: Logger;
  /** The one clock: signs and promotions on pages, when an inquiry arrived, what mail is due. */
  clock: Clock;
  pages: PageRenderer;
  /** The staff area's renderer (views/staff/staff-entry-server.tsx) with staff.html. */
  staffPages: PageRenderer;
  isDatabaseReady: () => Promise<boolean>;
  /** Folder of static files: the client build in production, public/ otherwise. */
  staticDir: string;
  /** Vite's middleware in development; it serves source modules and hot updates. */
  devMiddleware?: RequestHandler;
}

export interface Site {
  /** The Express application, not listening. */
  app: Express;
  /** The outbox that mails the stored inquiries through this transport; not started. */
  outbox(transport: MailTransport): InquiryOutbox;
}

/**
 * The one place the site is put together, for the server (start-server.ts) and the tests
 * (test/support/test-app.ts) alike: the business profile, the catalog, the inquiries and their
 * sender, the Express app and the outbox, all on one clock.
 */
export function composeSite(options: SiteOptions): Site {
  const { env, logger, clock } = options;
  const business = businessProfile(options.business, env.PUBLIC_ORIGIN);
  const catalog = createCatalogService({ clock, showrooms: options.business.showrooms, photoBaseUrl: env.PHOTO_BASE_URL });
  const siteContent = createSiteContentReader({ business, filePromotions: options.business.promotions, clock });
  const leadIntake = createLeadIntake({ business, holidays: async () => (await siteContent.now()).business.holidays });
  const inquiries = createInquirySender(createInquiryService({ catalog, crmCopy: Boolean(env.CRM_ADF_TO), clock, leads: leadIntake }), { logger, clock });
  const site = siteData(business);
  const moment = currentBusinessMoment(business, options.business.promotions, clock);
  const audit = createAuditLog({ clock, logger });
  const photos = photoStoreFromEnv(env);
  const staff = composeStaffArea({
    origin: env.PUBLIC_ORIGIN,
    clock,
    pages: options.staffPages,
    site: () => ({ ...site, moment: moment() }),
    promotions: options.business.promotions,
    audit,
    photoStore: photos,
    logger: logger.child({ component: 'staff' }),
  });
  const app = createApp({
    env,
    business,
    siteContent,
    logger,
    clock,
    catalog,
    inquiries,
    pages: options.pages,
    isDatabaseReady: options.isDatabaseReady,
    staticDir: options.staticDir,
    devMiddleware: options.devMiddleware,
    staff,
    photos,
  });
  return {
    app,
    outbox: (transport) =>
      createInquiryOutbox({
        transport,
        mail: inquiryMailSettings(env, business),
        logger: logger.child({ component: 'inquiry-outbox' }),
        audit,
        giveUpAfterMs: env.MAIL_RETRY_DAYS * 24 * 60 * 60_000,
        leaseMs: env.MAIL_LEASE_SECONDS * 1000,
        clock,
      }),
  };
}
