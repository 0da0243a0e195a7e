import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express, { Router, type Request, type Response } from 'express';
import multer from 'multer';
import { isRouteErrorResponse, matchRoutes, type RouteObject, type RouterContextProvider } from 'react-router';
import { AppError } from '../src/http/app-error.server';
import { isSameOriginRequest } from '../src/http/same-origin-only.server';
import type { StaffCookies } from '../src/http/staff-cookies.server';
import type { PageRenderer } from '../src/ssr/page-renderer.server';
import { fetchRequest } from '../src/ssr/fetch-request.server';
import type { RenderedPage } from '../src/ssr/rendered-page.server';
import { decideAccess, type StaffAccess, type StaffRouteHandle } from '../src/staff/staff-access';
import { can } from '../src/staff/staff-permissions';
import type { StaffClient, StaffRequest, StaffSessionView } from '../src/staff/staff-request';
import type { Clock } from '../src/time/clock';
import { fillTemplate } from '../src/ssr/document-template';

/** Every staff answer, errors and redirects included: never kept, never indexed, the path never sent on. */
const STAFF_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'same-origin' };
const HTML = 'text/html; charset=utf-8';
/** The header the browser's staff router sends to run one route's loader or action (views/staff/layout/server-data-routes.ts). */
const ROUTE_HEADER = 'x-staff-route';
const BODY_LIMIT = '32kb';
const FIELD_LIMIT = 40;
const USER_AGENT_LIMIT = 200;

/** The refusals the audit log records (ASVS 16.3.2, 16.3.3). */
export type StaffRefusal = { kind: 'access.denied'; path: string } | { kind: 'request.refused'; reason: 'cross-origin' | 'form-token' };

export interface StaffControllerOptions {
  /** The staff route table's renderer (views/staff/staff-entry-server.tsx) and staff.html. */
  pages: PageRenderer;
  /** The staff route table: the controller reads each route's `handle.access`. */
  routes: RouteObject[];
  /** PUBLIC_ORIGIN. */
  origin: string;
  clock: Clock;
  cookies: StaffCookies;
  /** The session a token names, when live and its staff member may use it; moves its idle expiry. */
  resolveSession(sessionToken: string, client: StaffClient): Promise<StaffSessionView | null>;
  formToken: { mask(sessionToken: string): string; verify(masked: string, sessionToken: string): boolean };
  /** Every loader and action's context for this request: the site data and the staff services around it. */
  context(request: StaffRequest): RouterContextProvider;
  /** Writes an `access.denied` or `request.refused` audit event. */
  refused(refusal: StaffRefusal, request: StaffRequest): Promise<void>;
  /**
   * The staff route handlers (the pages' loaders and actions through React Router's static handler),
   * for the bridged requests of the browser's router.
   */
  queryRoute(request: globalThis.Request, routeId: string, context: RouterContextProvider): Promise<unknown>;
}

/** What the deepest route matching a path allows, or `anyone` for an unmatched one (the staff 404 page). */
function accessOf(routes: RouteObject[], pathname: string): StaffAccess {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (const match of [...matches].reverse()) {
    const handle = match.route.handle as StaffRouteHandle | undefined;
    if (handle?.access) return handle.access;
  }
  return 'anyone';
}

/** The id of the route a path names when that route answers a file, not a page (`handle.file`). */
function fileRouteOf(routes: RouteObject[], pathname: string): string | null {
  const deepest = (matchRoutes(routes, pathname) ?? []).at(-1)?.route;
  return (deepest?.handle as StaffRouteHandle | undefined)?.file && deepest?.id ? deepest.id : null;
}

/** What the deepest route matching a path takes as files, when it is an upload route (`handle.upload`). */
function uploadOf(routes: RouteObject[], pathname: string): StaffRouteHandle['upload'] {
  return ((matchRoutes(routes, pathname) ?? []).at(-1)?.route.handle as StaffRouteHandle | undefined)?.upload;
}

/** A multipart form whose form token (a field before the files) is missing or wrong: no file of it is kept. */
class FormTokenRefused extends Error {}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Receives an upload route's multipart form into a new temporary folder (returned, for the caller to
 * remove after the answer): fields into req.body, files into req.files. Each file is accepted only
 * when the form token sent before it is this session's, so a forged or expired form keeps nothing;
 * a file over the limits ends the request and every file already written is removed.
 */
async function receiveFiles(
  req: Request,
  res: Response,
  upload: NonNullable<StaffRouteHandle['upload']>,
  tokenIsValid: (sent: unknown) => boolean,
): Promise<{ folder: string; error?: unknown }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'staff-upload-'));
  const receive = multer({
    storage: multer.diskStorage({ destination: folder, filename: (_req, _file, done) => done(null, randomBytes(16).toString('hex')) }),
    limits: { fileSize: upload.maxFileBytes, files: upload.maxFiles, fields: FIELD_LIMIT, fieldSize: 4096, parts: FIELD_LIMIT + upload.maxFiles },
    fileFilter: (request, _file, accept) => (tokenIsValid((request.body as Record<string, unknown>).formToken) ? accept(null, true) : accept(new FormTokenRefused())),
  }).array(upload.field, upload.maxFiles);
  const error = await new Promise<unknown>((resolve) => receive(req, res, (failure?: unknown) => resolve(failure)));
  return { folder, ...(error ? { error } : {}) };
}

/** What a person is told when an upload's files were refused by its limits; nothing of it was kept. */
function uploadRefusal(error: unknown, upload: NonNullable<StaffRouteHandle['upload']>): AppError {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') {
      // multer 2 names the file (its types do not say so yet).
      const filename = (error as multer.MulterError & { filename?: string }).filename;
      const name = filename ? `“${filename.slice(0, 120)}”` : 'A photo';
      return new AppError(413, `${name} is larger than ${megabytes(upload.maxFileBytes)}, the most a photo may be. Nothing was uploaded.`);
    }
    if (error.code === 'LIMIT_FILE_COUNT' || (error.code === 'LIMIT_UNEXPECTED_FILE' && error.field === upload.field)) {
      return new AppError(413, `At most ${upload.maxFiles} photos can be sent at once. Nothing was uploaded.`);
    }
  }
  return new AppError(400, 'The form could not be read. Please send it again.');
}

/** The whole path as requested (`/staff/people`), not the part after the mount point Express gives as req.path. */
function staffPath(req: Request): string {
  const start = req.originalUrl.indexOf('?');
  return start === -1 ? req.originalUrl : req.originalUrl.slice(0, start);
}

function clientOf(req: Request): StaffClient {
  return { address: req.ip ?? '', userAgent: (req.get('user-agent') ?? '').slice(0, USER_AGENT_LIMIT), requestId: String(req.id ?? '') };
}

/** The staff area: every address under /staff, answered here and nowhere else (its own 404 page included). */
export function staffController(options: StaffControllerOptions): Router {
  const { routes, origin, cookies } = options;
  const router = Router();
  const parseForm = express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: FIELD_LIMIT });

  const answer = async (req: Request, res: Response) => {
    // An upload's temporary folder: removed once the answer is made, whatever it was (the action has stored what it keeps).
    let receivedFolder: string | undefined;
    try {
      await answerRequest(req, res, (folder) => (receivedFolder = folder));
    } finally {
      if (receivedFolder) await rm(receivedFolder, { recursive: true, force: true });
    }
  };

  const answerRequest = async (req: Request, res: Response, keepFolder: (folder: string) => void) => {
    const client = clientOf(req);
    const presented = cookies.read(req);
    const session = presented.sessionToken ? await options.resolveSession(presented.sessionToken, client) : null;
    const staffRequest: StaffRequest = {
      session,
      client,
      formToken: session && presented.sessionToken ? options.formToken.mask(presented.sessionToken) : null,
      presented,
      // A cookie that names no live session is cleared, so the browser stops sending it.
      cookies: presented.sessionToken && !session ? { session: 'clear' } : {},
      origin,
    };
    const finish = () => {
      cookies.write(res, staffRequest.cookies, options.clock());
      if (staffRequest.headers) res.set(staffRequest.headers);
    };
    const path = staffPath(req);
    const access = accessOf(routes, path);

    if (req.method === 'POST') {
      // Before the body is read: another site's page posting through a staff member's browser.
      if (!isSameOriginRequest(req, origin, { requireOrigin: true })) {
        await options.refused({ kind: 'request.refused', reason: 'cross-origin' }, staffRequest);
        throw new AppError(403, 'This form can only be sent from the staff pages of this website.');
      }
      const upload = uploadOf(routes, path);
      if (upload && req.is('multipart/form-data')) {
        // Before any of the body is read: only a signed-in person whose role may make this change sends files.
        const decided = decideAccess(access, session && { purpose: session.purpose, role: session.staff.role });
        if (decided === 'allow' && session && presented.sessionToken) {
          if (!can(session.staff.role, upload.permission)) {
            await options.refused({ kind: 'access.denied', path }, staffRequest);
            finish();
            throw new AppError(403, 'Your role does not allow this. Ask an owner if you need it.');
          }
          const sessionToken = presented.sessionToken;
          const received = await receiveFiles(req, res, upload, (sent) => typeof sent === 'string' && options.formToken.verify(sent, sessionToken));
          keepFolder(received.folder);
          if (received.error instanceof FormTokenRefused) {
            await options.refused({ kind: 'request.refused', reason: 'form-token' }, staffRequest);
            throw new AppError(403, 'This form has expired. Please go back, reload the page and send it again.');
          }
          if (received.error) throw uploadRefusal(received.error, upload);
          staffRequest.files = ((req.files ?? []) as Express.Multer.File[]).map((file) => ({ originalName: file.originalname, path: file.path, size: file.size }));
        } else {
          // No session (or not yet through enrolment): answered below without reading the files.
          req.body = {};
        }
      } else {
        if (!req.is('application/x-www-form-urlencoded')) throw new AppError(415, 'The form could not be read. Please send it again.');
        await new Promise<void>((resolve, reject) => parseForm(req, res, (error?: unknown) => (error ? reject(error as Error) : resolve())));
      }
      // Sign-in and accepting an invitation carry no session yet; every other form carries the token.
      if (access !== 'anyone' && presented.sessionToken && session) {
        const sent = (req.body as Record<string, unknown>).formToken;
        if (typeof sent !== 'string' || !options.formToken.verify(sent, presented.sessionToken)) {
          await options.refused({ kind: 'request.refused', reason: 'form-token' }, staffRequest);
          throw new AppError(403, 'This form has expired. Please go back, reload the page and send it again.');
        }
      }
    }

    const bridged = req.get(ROUTE_HEADER);
    const redirectTo = (location: string) => {
      finish();
      if (bridged) res.json({ redirect: location });
      else res.redirect(303, location);
    };
    const decision = decideAccess(access, session && { purpose: session.purpose, role: session.staff.role });
    if (decision === 'sign-in') return redirectTo(`/staff/sign-in?returnTo=${encodeURIComponent(req.originalUrl)}`);
    if (decision === 'welcome') return redirectTo('/staff/welcome');
    if (decision === 'signed-in-home') return redirectTo('/staff');
    if (decision === 'forbidden') {
      staffRequest.forbidden = true;
      await options.refused({ kind: 'access.denied', path }, staffRequest);
      // A form posted to a page the role may not open changes nothing: no action runs.
      if (req.method === 'POST') {
        finish();
        throw new AppError(403, 'Your role does not include this page.');
      }
    }

    const context = options.context(staffRequest);
    const request = fetchRequest(req, origin, req.method === 'POST' ? (req.body as Record<string, unknown>) : undefined);
    if (bridged) return answerBridged(request, bridged, context, staffRequest, res, finish, options);
    const fileRoute = fileRouteOf(routes, path);
    if (fileRoute && req.method !== 'POST') return answerFile(request, fileRoute, context, staffRequest, res, finish, options);
    const rendered: RenderedPage = await options.pages.render(request, context);
    finish();
    if (rendered.kind === 'redirect') return res.redirect(303, rendered.location);
    const [template, preloads] = await Promise.all([options.pages.template(req.originalUrl), options.pages.preloadTags(rendered.routeIds)]);
    const html = fillTemplate(template, { head: preloads ? `${rendered.head}\n    ${preloads}` : rendered.head, html: rendered.html, data: rendered.data });
    res.status(rendered.status).type(HTML).send(html);
  };

  router.use((req, res, next) => {
    res.set(STAFF_HEADERS);
    // One address per page: /staff/ and /staff/people/ are /staff and /staff/people.
    const path = staffPath(req);
    if (req.method === 'GET' && path.endsWith('/')) {
      const start = req.originalUrl.indexOf('?');
      return res.redirect(301, `${path.replace(/\/+$/, '')}${start === -1 ? '' : req.originalUrl.slice(start)}`);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') {
      res.set('Allow', 'GET, HEAD, POST');
      return next(new AppError(405, 'This address does not take that method.'));
    }
    answer(req, res).catch(next);
  });
  return router;
}

/** One route's loader or action for the browser's router, as JSON: its data, a redirect to follow, or its error. */
async function answerBridged(
  request: globalThis.Request,
  routeId: string,
  context: RouterContextProvider,
  staffRequest: StaffRequest,
  res: Response,
  finish: () => void,
  options: StaffControllerOptions,
): Promise<void> {
  if (staffRequest.forbidden) {
    finish();
    return void res.status(403).json({ error: { status: 403, data: 'Your role does not include this page.' } });
  }
  let result: unknown;
  try {
    result = await options.queryRoute(request, routeId, context);
  } catch (error) {
    finish();
    if (error instanceof Response) return sendRedirectOrError(res, error);
    if (isRouteErrorResponse(error)) return void res.status(error.status).json({ error: { status: error.status, data: error.data as unknown } });
    throw error;
  }
  finish();
  if (result instanceof Response) return sendRedirectOrError(res, result);
  res.json({ data: result ?? null });
}

/**
 * A file route's download (its loader's Response: the body and its type and disposition headers), after
 * the same session and access checks as a page; a refusal or failure is the staff area's error page.
 */
async function answerFile(
  request: globalThis.Request,
  routeId: string,
  context: RouterContextProvider,
  staffRequest: StaffRequest,
  res: Response,
  finish: () => void,
  options: StaffControllerOptions,
): Promise<void> {
  if (staffRequest.forbidden) {
    finish();
    throw new AppError(403, 'Your role does not include this page.');
  }
  let result: unknown;
  try {
    result = await options.queryRoute(request, routeId, context);
  } catch (error) {
    result = error;
  }
  finish();
  if (isRouteErrorResponse(result)) throw new AppError(result.status, typeof result.data === 'string' ? result.data : 'This file could not be made.');
  if (!(result instanceof Response)) throw result instanceof Error ? result : new Error(`the file route ${routeId} answered no Response`);
  const location = result.headers.get('Location');
  if (location && result.status >= 300 && result.status < 400) return res.redirect(303, location);
  if (!result.ok) throw new AppError(result.status, await refusalText(result));
  for (const name of ['Content-Type', 'Content-Disposition', 'X-Content-Type-Options']) {
    const value = result.headers.get(name);
    if (value) res.set(name, value);
  }
  res.status(result.status).send(Buffer.from(await result.arrayBuffer()));
}

/** The reason a refused route gives (a `data('…', { status })` arrives as a JSON string). */
async function refusalText(response: globalThis.Response): Promise<string> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'string' ? parsed : text;
  } catch {
    return text;
  }
}

function sendRedirectOrError(res: Response, response: globalThis.Response): void {
  const location = response.headers.get('Location');
  if (location && response.status >= 300 && response.status < 400) return void res.json({ redirect: location });
  res.status(response.status).json({ error: { status: response.status, data: response.statusText } });
}
