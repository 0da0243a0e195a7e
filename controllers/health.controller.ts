import { Router } from 'express';
import { deliveryCounts } from '../services/inquiry-deliveries.service';

/**
 * Liveness answers while the process runs; readiness only while the database answers too, and
 * it says how many inquiry e-mails wait or were given up (a monitor alerts on failed > 0).
 */
export function healthController(isDatabaseReady: () => Promise<boolean>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const ready = await isDatabaseReady().catch(() => false);
    const deliveries = ready ? await deliveryCounts().catch(() => undefined) : undefined;
    res
      .set('Cache-Control', 'no-store')
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'unavailable', database: ready ? 'up' : 'down', ...(deliveries ? { deliveries } : {}) });
  });
  return router;
}
