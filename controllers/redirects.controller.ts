import { Router } from 'express';
import type { Catalog } from '../src/catalog/catalog';
import { isVehicleId } from '../src/catalog/vehicle-key';
import { vehiclePath } from '../src/catalog/vehicle-path';
import { redirectKeepingQuery } from '../src/http/redirect-keeping-query.server';
import { townForShortForm } from '../src/towns/town-short-form';
import { townPath } from '../src/towns/town-path';

export interface RedirectOptions {
  /** The external financing application; /financing answers 302 to it. */
  financingUrl: string;
  /** Finds the vehicle behind an id in a fixed model page's address. */
  catalog: Pick<Catalog, 'findVehicle'>;
}

/** Addresses that are not pages of their own but lead to one: short forms, old forms, external pages. */
export function redirectsController({ financingUrl, catalog }: RedirectOptions): Router {
  const router = Router();

  // Temporary: the financing partner and its address may change; our /financing link stays.
  router.get('/financing', (_req, res) => res.redirect(302, financingUrl));

  // '/toms-river-golf-carts' names exactly one town: its page is '/toms-river-township-golf-carts'.
  router.get(/^\/[a-z0-9-]+-golf-carts$/, (req, res, next) => {
    const town = townForShortForm(req.path);
    if (!town) return next();
    redirectKeepingQuery(req, res, 301, townPath(town));
  });

  // Old addresses of the brand pages (the specified footer's links): the pages live at /denago and /evolution (docs/decisions/003-specification-decisions.md#routes).
  const permanent: Array<[from: string, to: string]> = [
    ['/brands/denago', '/denago'],
    ['/brands/evolution', '/evolution'],
  ];
  for (const [from, to] of permanent) {
    router.get(from, (req, res) => {
      redirectKeepingQuery(req, res, 301, to);
    });
  }

  // '/vehicles/{id}': the vehicle's canonical page, its fixed model page or else its model entry page.
  // Any other segment is a model page's slug (or not found), for the page routes to answer.
  router.get('/vehicles/:id', async (req, res, next) => {
    const vehicle = isVehicleId(req.params.id) ? await catalog.findVehicle(req.params.id) : null;
    if (!vehicle) return next();
    redirectKeepingQuery(req, res, 301, vehiclePath(vehicle));
  });

  return router;
}
