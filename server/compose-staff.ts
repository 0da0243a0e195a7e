import { RouterContextProvider } from 'react-router';
import type { Router } from 'express';
import { staffController } from '../controllers/staff.controller';
import { createInventoryManager } from '../services/inventory/inventory-manager.service';
import { createLeads } from '../services/leads/leads.service';
import { createSiteContentEditor } from '../services/site-content/site-content-editor.service';
import { createStaffEnrolment } from '../services/staff/staff-enrolment.service';
import { createStaffAccounts } from '../services/staff/staff-accounts.service';
import { createFeedStatus } from '../services/staff/feed-status.service';
import { createStaffInvitations } from '../services/staff/staff-invitations.service';
import { createStaffOwnAccount } from '../services/staff/staff-own-account.service';
import { createStaffSessions } from '../services/staff/staff-sessions.service';
import { createStaffSignIn } from '../services/staff/staff-sign-in.service';
import { createUnitPhotos } from '../services/staff/unit-photos.service';
import { staffCookies } from '../src/http/staff-cookies.server';
import { clockContext, siteDataContext } from '../src/route-context/route-context';
import type { SiteData } from '../src/route-context/site-data';
import { staffRequestContext, staffSessionsContext } from '../src/route-context/staff-route-context';
import type { AuditLogService } from '../services/audit-log.service';
import { inventoryManagerContext } from '../src/inventory/inventory-manager';
import { leadsContext } from '../src/leads/leads';
import type { Promotion } from '../src/config/business-file';
import { siteContentContext } from '../src/site-content/site-content';
import { staffAccountsContext } from '../src/staff/staff-accounts';
import { feedStatusContext } from '../src/staff/feed-status';
import { staffOwnAccountContext } from '../src/staff/staff-own-account';
import { maskedFormToken, verifyFormToken } from '../src/staff/form-token.server';
import { passkeyCeremonies } from '../src/staff/passkey-options.server';
import { staffSignInContext } from '../src/staff/staff-sign-in';
import { staffEnrolmentContext } from '../src/staff/staff-enrolment';
import { unitPhotosContext } from '../src/staff/unit-photos';
import type { StaffRequest } from '../src/staff/staff-request';
import type { PageRenderer } from '../src/ssr/page-renderer.server';
import type { Clock } from '../src/time/clock';
import type { Logger } from '../src/logging/logger.server';
import type { PhotoStore } from '../services/photos/photo-store';
import { queryStaffRoute } from '../views/staff/staff-entry-server';
import { staffRoutes } from '../views/staff/staff-routes';

export interface StaffAreaOptions {
  /** PUBLIC_ORIGIN: the staff cookies get `__Host-` and `Secure` when it is https. */
  origin: string;
  clock: Clock;
  /** The staff route table's renderer (views/staff/staff-entry-server.tsx) and its template (staff.html). */
  pages: PageRenderer;
  /** The layout's data (the business name) for this moment. */
  site: () => SiteData;
  /** The business file's promotions: listed read-only beside those staff add. */
  promotions: readonly Promotion[];
  audit: AuditLogService;
  /** Where processed photos are kept: a photo staff delete leaves it when no unit shows it any more. */
  photoStore: PhotoStore;
  logger: Logger;
}

/**
 * The staff area put together (docs/decisions/011-staff-sign-in.md): its services on the site's one
 * clock, each request's route context, and the controller that answers every address under /staff.
 */
export function composeStaffArea(options: StaffAreaOptions): Router {
  const { clock, audit } = options;
  const sessions = createStaffSessions({
    clock,
    record: (event, request) =>
      audit.record(event.kind === 'sign-out' ? { kind: 'sign-out' } : { kind: 'session.ended', details: { reason: event.reason, count: event.count } }, request),
  });
  // The business file is read once at start; its name is what a phone shows beside a passkey.
  const { business } = options.site();
  const passkeys = passkeyCeremonies({ publicOrigin: options.origin, rpName: business.name });
  const signIn = createStaffSignIn({ clock, sessions, audit, passkeys });
  const enrolment = createStaffEnrolment({
    clock,
    sessions,
    audit,
    passkeys,
    business,
  });
  const invitations = createStaffInvitations({ clock, audit, origin: options.origin });
  const accounts = createStaffAccounts({ clock, audit, isRecentlyConfirmed: (request) => sessions.isRecentlyConfirmed(request), invitations });
  const ownAccount = createStaffOwnAccount({
    clock,
    audit,
    passkeys,
    business,
    isRecentlyConfirmed: (request) => sessions.isRecentlyConfirmed(request),
    endOthers: (request) => sessions.endOthers(request),
  });
  const leads = createLeads({ clock, audit, site: options.site });
  const siteContent = createSiteContentEditor({ clock, audit, file: { promotions: options.promotions, holidays: business.holidays, showrooms: business.showrooms } });
  const unitPhotos = createUnitPhotos({
    clock,
    audit,
    photoStore: options.photoStore,
    onDiscardFailed: (hash, error) => options.logger.warn({ err: error, photo: hash }, 'a deleted photo’s files could not be removed from the photo store'),
  });
  const inventory = createInventoryManager({ clock, audit, site: options.site });
  const feedStatus = createFeedStatus();
  const context = (request: StaffRequest): RouterContextProvider => {
    const provider = new RouterContextProvider();
    provider.set(siteDataContext, options.site());
    provider.set(clockContext, clock);
    provider.set(staffRequestContext, request);
    provider.set(staffSessionsContext, sessions);
    provider.set(staffAccountsContext, accounts);
    provider.set(staffOwnAccountContext, ownAccount);
    provider.set(staffEnrolmentContext, enrolment);
    provider.set(staffSignInContext, signIn);
    provider.set(leadsContext, leads);
    provider.set(siteContentContext, siteContent);
    provider.set(unitPhotosContext, unitPhotos);
    provider.set(inventoryManagerContext, inventory);
    provider.set(feedStatusContext, feedStatus);
    return provider;
  };
  return staffController({
    pages: options.pages,
    routes: staffRoutes,
    origin: options.origin,
    clock,
    cookies: staffCookies(options.origin.startsWith('https:')),
    resolveSession: (token, client) => sessions.resolve(token, client),
    formToken: { mask: maskedFormToken, verify: (masked, sessionToken) => verifyFormToken(sessionToken, masked) },
    context,
    refused: (refusal, request) =>
      audit.record(
        refusal.kind === 'access.denied' ? { kind: 'access.denied', details: { path: refusal.path } } : { kind: 'request.refused', details: { reason: refusal.reason } },
        request,
      ),
    queryRoute: queryStaffRoute,
  });
}
