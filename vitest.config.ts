import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code; HTTP, database and mail tests live in test/integration.
// Browser tests (test/e2e) run under Playwright, not Vitest.
export default defineConfig({
  test: {
    include: [
      '{src,server,views,controllers,models,services,seeds,scripts}/**/*.test.{ts,tsx}',
      'test/integration/**/*.test.{ts,tsx}',
      // The oracles the database's answers are checked against are tested against the specification.
      'test/support/**/*.test.ts',
      'packages/*/{src,test}/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
