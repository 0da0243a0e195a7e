import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit } from '../src/config/load-config-or-exit.server';
import { placeholderFields } from '../src/config/placeholder-fields.server';
import { createLogger } from '../src/logging/logger.server';
import { STAFF_PAGES } from '../src/ssr/page-assets.server';
import { fileTemplateRenderer } from '../src/ssr/page-renderer.server';
import { renderPage } from '../views/entry-server';
import { renderStaffPage } from '../views/staff/staff-entry-server';
import { exitOnUnhandledErrors } from './exit-on-unhandled';
import { startServer } from './start-server';

// The production entry: dist/server/server.js, next to the client build in dist/client.
const { env, business } = loadConfigOrExit();
const logger = createLogger(env);
exitOnUnhandledErrors(logger);
const placeholders = placeholderFields(business, env);
if (env.NODE_ENV === 'production' && placeholders.length > 0) {
  logger.warn({ fields: placeholders }, 'sample values are still in place; replace them before launch (README: Launch checklist)');
}
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');

startServer({
  env,
  business,
  logger,
  pages: fileTemplateRenderer(path.join(clientDir, 'index.html'), renderPage, path.join(clientDir, '.vite/manifest.json')),
  staffPages: fileTemplateRenderer(path.join(clientDir, 'staff.html'), renderStaffPage, path.join(clientDir, STAFF_PAGES.manifest), STAFF_PAGES),
  staticDir: clientDir,
}).catch((error: unknown) => {
  // One line an operator can act on: the reason is in the message itself.
  logger.fatal({ err: { name: (error as Error).name, message: (error as Error).message } }, `could not start: ${(error as Error).message}`);
  process.exit(1);
});
