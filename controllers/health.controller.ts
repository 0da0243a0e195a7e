import { Router } from 'express';
import { deliveryCounts } from '../services/inquiry-deliveries.service';
import { DatabaseNotWritableError } from '../src/db/database-not-writable-error.server';

/**
 * Liveness answers while the process runs; readiness only while the database answers and can
 * write too (a full disk is 503 with its reason, so a monitor says why), and it says how many
 * inquiry e-mails wait or were given up (a monitor alerts on failed > 0).
 */
export function healthController(isDatabaseReady: () => Promise<boolean>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const { ready, notWritable } = await isDatabaseReady().then(
      (answer) => ({ ready: answer, notWritable: undefined }),
      (error: unknown) => ({ ready: false, notWritable: error instanceof DatabaseNotWritableError ? error.reason : undefined }),
    );
    // A database that cannot write still reads: the counts are there to see.
    const deliveries = ready || notWritable ? await deliveryCounts().catch(() => undefined) : undefined;
    res
      .set('Cache-Control', 'no-store')
      .status(ready ? 200 : 503)
      .json({
        status: ready ? 'ready' : 'unavailable',
        database: ready ? 'up' : notWritable ? 'not writable' : 'down',
        ...(notWritable ? { reason: notWritable } : {}),
        ...(deliveries ? { deliveries } : {}),
      });
  });
  return router;
}
