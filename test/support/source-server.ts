// The site's production start (server/main.ts: startServer) from the source tree, with the source
// templates as the test app renders them: for tests that start whole instances as processes of
// their own without `npm run build`. Configured by the environment, like the production entry.
// With START_ON_STDIN=1 it loads, says so on stdout ({"msg":"loaded"}) and starts only once a line
// comes on stdin: instances started together reach their first database call at the same moment.
import { fileURLToPath } from 'node:url';
import { startServer } from '../../server/start-server';
import { loadConfigOrExit } from '../../src/config/load-config-or-exit.server';
import { createLogger } from '../../src/logging/logger.server';
import { fileTemplateRenderer } from '../../src/ssr/page-renderer.server';
import { renderPage } from '../../views/entry-server';
import { renderStaffPage } from '../../views/staff/staff-entry-server';

const fromRoot = (file: string) => fileURLToPath(new URL(`../../${file}`, import.meta.url));
const { env, business } = loadConfigOrExit();
const logger = createLogger(env);

if (process.env.START_ON_STDIN === '1') {
  process.stdout.write(`${JSON.stringify({ msg: 'loaded' })}\n`);
  await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdin.pause();
}

startServer({
  env,
  business,
  logger,
  pages: fileTemplateRenderer(fromRoot('index.html'), renderPage),
  staffPages: fileTemplateRenderer(fromRoot('staff.html'), renderStaffPage),
  staticDir: fromRoot('public'),
}).catch((error: unknown) => {
  logger.fatal({ err: { name: (error as Error).name, message: (error as Error).message } }, `could not start: ${(error as Error).message}`);
  process.exit(1);
});
