import { createHash } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Catalog } from '../src/catalog/catalog';
import { BRANDS } from '../src/catalog/vehicle';

const brandParams = z.object({ brand: z.enum(BRANDS) });
const idParams = z.object({ id: z.uuid() });

/**
 * Answers catalogue JSON that browsers and proxies may keep for a minute and revalidate with the
 * ETag, a hash of the body: 304 when the visitor's copy is still current.
 */
function sendCacheable(req: Request, res: Response, body: unknown): void {
  const json = JSON.stringify(body);
  res.set({
    'Cache-Control': 'public, max-age=60',
    ETag: `W/"${createHash('sha1').update(json).digest('base64url')}"`,
  });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(json);
}

function notFound(res: Response, error: string): void {
  res.status(404).set('Cache-Control', 'no-store').json({ error });
}

/** GET /api/vehicles, /api/vehicles/brand/:brand and /api/vehicles/:id (spec section 7). */
export function vehiclesController(catalog: Catalog): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    sendCacheable(req, res, await catalog.listVehicles());
  });

  router.get('/brand/:brand', async (req, res) => {
    const params = brandParams.safeParse(req.params);
    if (!params.success) return notFound(res, 'Brand not found');
    sendCacheable(req, res, await catalog.listVehiclesByBrand(params.data.brand));
  });

  router.get('/:id', async (req, res) => {
    const params = idParams.safeParse(req.params);
    const vehicle = params.success ? await catalog.findVehicle(params.data.id) : null;
    if (!vehicle) return notFound(res, 'Vehicle not found');
    sendCacheable(req, res, vehicle);
  });

  // Anything else under /api/vehicles is an API miss, answered as JSON rather than a page.
  router.use((_req, res) => notFound(res, 'Not found'));
  return router;
}
