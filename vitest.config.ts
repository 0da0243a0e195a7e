import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Unit tests sit next to the code; HTTP, database and mail tests live in test/integration.
// Browser tests (test/e2e) run under Playwright, not Vitest.
//
// Two projects, so that CI's two cores spend their time on tests rather than on loading modules:
// the unit tests hold no process-wide state between files (no database, no server, globals and
// timers restored after each test), so each worker runs file after file in one module cache
// (isolate: false; about 2.3x faster over the 85 unit files, measured in one run). The tests that
// connect Mongoose's process-wide default connection (startTestDatabase, from test/integration and
// src/db), the embedded store's own tests and the oracles each keep a fresh process per file.
//
// One worker per core and one more: Vitest's default leaves one core to its own process, which on
// CI's two cores meant one worker, file after file. The main process does little while the files
// run, and the integration files spend much of their time waiting on the processes they start
// (servers, stores, operator commands), so another worker's file runs in those waits. On two cores,
// one run with three workers took 390 s, the cores 92% busy; one with two, 442 s (2026-11-27; in
// that one the leftover-folder test still took 27 s longer in its worker).
const UNIT_TESTS = '{src,server,views,controllers,models,services,seeds,scripts}/**/*.test.{ts,tsx}';
const UNIT_TESTS_WITH_A_DATABASE = 'src/db/**/*.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: [UNIT_TESTS], exclude: [...configDefaults.exclude, UNIT_TESTS_WITH_A_DATABASE], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [
            UNIT_TESTS_WITH_A_DATABASE,
            'test/integration/**/*.test.{ts,tsx}',
            // The oracles the database's answers are checked against are tested against the specification.
            'test/support/**/*.test.ts',
            'packages/*/{src,test}/**/*.test.ts',
          ],
        },
      },
    ],
  },
});
