import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The built page template asks for what the first paint needs before the code that makes the page
 * interactive: the stylesheet first in the head (the browser requests in document order, six at a
 * time over HTTP/1.1), and the scripts and their preloads at low fetch priority, so that on a slow
 * connection the stylesheet and the hero image do not share it with 110 KB of JavaScript. Pages
 * are server-rendered: their links and forms work before the scripts arrive. (The page controller
 * adds each page's own chunk preloads the same way, src/ssr/page-renderer.ts.)
 */
function firstPaintFirst(): Plugin {
  return {
    name: 'first-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const rest = html.replace(/\s*(<link rel="stylesheet"[^>]*>)/g, (_match, link: string) => {
          links.push(link);
          return '';
        });
        return rest
          .replace('<!--app-head-->', () => [...links, '<!--app-head-->'].join('\n    '))
          .replace(/<(script type="module"|link rel="modulepreload") crossorigin /g, '<$1 crossorigin fetchpriority="low" ');
      },
    },
  };
}

/**
 * Two builds from one config: the browser bundle (dist/client, hashed assets and a manifest) and
 * the server bundle (dist/server: the process entry and the catalogue import command), whose
 * npm dependencies stay external and are installed in production.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), firstPaintFirst()],
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        copyPublicDir: false,
        target: 'node26',
        rolldownOptions: {
          // The operator commands ship in the image too: `node dist/server/db-backup.js`, ...
          input: {
            server: 'src/server.ts',
            'catalog-import': 'scripts/catalog-import.ts',
            'inquiries-status': 'scripts/inquiries-status.ts',
            'db-backup': 'scripts/db-backup.ts',
            'db-export': 'scripts/db-export.ts',
            'db-import': 'scripts/db-import.ts',
          },
          output: { entryFileNames: '[name].js' },
        },
      }
    : {
        outDir: 'dist/client',
        manifest: true,
      },
}));
