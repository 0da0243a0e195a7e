import { Router, type Response } from 'express';
import { z } from 'zod';
import type { CatalogService } from '../services/catalog.service';
import { BRANDS } from '../src/catalog/vehicle';
import { isVehicleId, isVehicleSlug } from '../src/catalog/vehicle-key';
import type { SendJson } from '../src/http/cached-json.server';

const brandParams = z.object({ brand: z.enum(BRANDS) });
const idParams = z.object({ id: z.string().refine(isVehicleId) });
/** ?slug=a&slug=b: at most a page's worth of slugs, each as a catalog file writes it. */
const slugQuery = z.array(z.string().refine(isVehicleSlug)).max(24);

function notFound(res: Response, error: string): void {
  res.status(404).set('Cache-Control', 'no-store').json({ error });
}

/**
 * GET /api/vehicles (optionally ?slug=… for just those), /api/vehicles/count,
 * /api/vehicles/brand/:brand and /api/vehicles/:id (docs/product.md#the-calls). Answers are the same for
 * everyone: kept compressed per catalog version, cacheable by proxies for a few seconds and
 * revalidated with their ETag.
 */
export function vehiclesController(catalog: CatalogService, sendJson: SendJson): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    if (req.query.slug === undefined) {
      // The whole catalog (19 MB of JSON at 23,000 units) is read, serialised and compressed a page at a time.
      return sendJson(req, res, 'vehicles', async () => ({ status: 200, pages: catalog.listedVehiclePages(), keep: true }));
    }
    const slugs = slugQuery.safeParse([req.query.slug].flat());
    if (!slugs.success) return res.status(400).set('Cache-Control', 'no-store').json({ error: 'Invalid slug' });
    // Not kept: any list of slugs makes a key of its own.
    await sendJson(req, res, '', async () => ({ status: 200, body: await catalog.findVehiclesBySlug(slugs.data), keep: false }));
  });

  router.get('/count', async (req, res) => {
    await sendJson(req, res, 'count', async () => ({ status: 200, body: { count: await catalog.countVehicles() }, keep: true }));
  });

  router.get('/brand/:brand', async (req, res) => {
    const params = brandParams.safeParse(req.params);
    if (!params.success) return notFound(res, 'Brand not found');
    await sendJson(req, res, `brand/${params.data.brand}`, async () => ({ status: 200, pages: catalog.listedVehiclePages({ brand: params.data.brand }), keep: true }));
  });

  router.get('/:id', async (req, res) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(res, 'Vehicle not found');
    const id = params.data.id.toLowerCase();
    await sendJson(req, res, `vehicle/${id}`, async () => {
      const vehicle = await catalog.findVehicle(id);
      return vehicle ? { status: 200, body: vehicle, keep: true } : { status: 404, body: { error: 'Vehicle not found' }, keep: false, cacheControl: 'no-store' };
    });
  });

  // Anything else under /api/vehicles is an API miss, answered as JSON rather than a page.
  router.use((_req, res) => notFound(res, 'Not found'));
  return router;
}
