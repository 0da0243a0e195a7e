import express from 'express';
import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { createLogger } from '../logging/logger.server';
import { clientRateLimit } from './client-rate-limit.server';
import { logLines, ERROR_LEVEL } from '../../test/support/log-lines';

describe('a client rate limit counted in a store', () => {
  test('a store that fails lets the request through and says so in the log (fail open)', async () => {
    const log = logLines();
    const app = express();
    const failing = {
      increment: () => Promise.reject(new Error('database unreachable')),
      decrement: () => undefined,
      resetKey: () => undefined,
    };
    app.post(
      '/send',
      clientRateLimit({
        windowMs: 60_000,
        limit: 1,
        store: failing,
        logger: createLogger({ LOG_LEVEL: 'info' }, log.destination),
        onLimit: (_req, res) => res.sendStatus(429),
      }),
      (_req, res) => res.sendStatus(201),
    );
    await request(app).post('/send').expect(201);
    await request(app).post('/send').expect(201);
    const errors = log.records().filter((record) => record.level === ERROR_LEVEL);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ component: 'rate-limit', msg: expect.stringContaining('allowing request without rate-limiting') });
  });
});
