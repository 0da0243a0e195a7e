import { Router } from 'express';

/** Liveness answers while the process runs; readiness only while the database answers too. */
export function healthController(isDatabaseReady: () => Promise<boolean>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const ready = await isDatabaseReady().catch(() => false);
    res.set('Cache-Control', 'no-store').status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', database: ready ? 'up' : 'down' });
  });
  return router;
}
