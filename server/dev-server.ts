import path from 'node:path';
import { createServer } from 'vite';
import { loadConfigOrExit } from '../src/config/load-config-or-exit.server';
import { createLogger } from '../src/logging/logger.server';
import type { PageRenderer } from '../src/ssr/page-renderer.server';
import type { renderPage } from '../views/entry-server';
import type { renderStaffPage } from '../views/staff/staff-entry-server';
import { exitOnUnhandledErrors } from './exit-on-unhandled';
import { startServer } from './start-server';

// `npm run dev`: Vite in middleware mode, so pages render from source with hot updates.
const { env, business } = loadConfigOrExit();
const logger = createLogger(env);
exitOnUnhandledErrors(logger);
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
const root = process.cwd();

const pages: PageRenderer = {
  template: async (url) => vite.transformIndexHtml(url, await import('node:fs/promises').then((fs) => fs.readFile(path.join(root, 'index.html'), 'utf8'))),
  // Vite serves source modules on demand in development; there is nothing to preload.
  preloadTags: async () => '',
  render: async (...args) => {
    const module = (await vite.ssrLoadModule('/views/entry-server.tsx')) as { renderPage: typeof renderPage };
    return module.renderPage(...args);
  },
};

const staffPages: PageRenderer = {
  template: async (url) => vite.transformIndexHtml(url, await import('node:fs/promises').then((fs) => fs.readFile(path.join(root, 'staff.html'), 'utf8'))),
  preloadTags: async () => '',
  render: async (...args) => {
    const module = (await vite.ssrLoadModule('/views/staff/staff-entry-server.tsx')) as { renderStaffPage: typeof renderStaffPage };
    return module.renderStaffPage(...args);
  },
};

await startServer({ env, business, logger, pages, staffPages, staticDir: path.join(root, 'public'), devMiddleware: vite.middlewares });
