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

  test('each counted answer tells the client its allowance and what is left (RateLimit, RateLimit-Policy)', async () => {
    const app = express();
    app.get(
      '/search',
      clientRateLimit({ windowMs: 60_000, limit: 2, logger: createLogger({ LOG_LEVEL: 'silent' }), onLimit: (_req, res) => res.sendStatus(429) }),
      (_req, res) => res.sendStatus(200),
    );
    const first = await request(app).get('/search').expect(200);
    expect(first.headers['ratelimit-policy']).toBe('2;w=60');
    expect(first.headers.ratelimit).toMatch(/^limit=2, remaining=1, reset=(60|59)$/);
    await request(app).get('/search').expect(200);
    const refused = await request(app).get('/search').expect(429);
    expect(refused.headers.ratelimit).toMatch(/^limit=2, remaining=0, reset=\d+$/);
  });
});
