import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let site: TestApp;
beforeAll(async () => {
  site = await startTestApp({ PUBLIC_ORIGIN: 'http://localhost:3000' });
});
afterAll(async () => site.close());

it('sends no HSTS header when the site is not served over HTTPS', async () => {
  const response = await request(site.app).get('/').expect(200);
  expect(response.headers['strict-transport-security']).toBeUndefined();
});
