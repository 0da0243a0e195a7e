import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The built page template asks for what the first paint needs before the code that makes the page
 * interactive: the stylesheet first in the head (the browser requests in document order, six at a
 * time over HTTP/1.1), and the scripts and their preloads at low fetch priority, so that on a slow
 * connection the stylesheet and the hero image do not share it with 110 KB of JavaScript. Pages
 * are server-rendered: their links and forms work before the scripts arrive. (The page controller
 * adds each page's own chunk preloads the same way, src/ssr/page-renderer.server.ts.)
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
 * Vite wraps every dynamic import in a helper that first loads the chunk's CSS and preloads its
 * imports. Here that never has anything to do: modulePreload is off (the page controller preloads
 * each page's chunks itself) and the one stylesheet is in the document. The helper would still cost
 * every page type about 0.7 KB of gzipped JavaScript, so the build gives it its bare import.
 */
function noPreloadHelper(): Plugin {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'no-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === helper ? helper : undefined),
    load: (id) => (id === helper ? 'export const __vitePreload = (load) => load();' : undefined),
  };
}

/** Text files worth compressing, and the size under which compressing gains nothing. */
const COMPRESSIBLE = /\.(js|css|svg|json|xml|txt|webmanifest|ico)$/;
const SMALLEST = 1024;

/**
 * Every compressible file of the browser build gets a `.br` (brotli at its best quality, 11, which
 * takes seconds at build time and nothing per request) and a `.gz` (level 9) beside it, kept only
 * when smaller than the file. The server sends them as they are (src/http/precompressed-files.server.ts).
 * The public build compresses the whole folder (its files and public/'s); the staff build, which
 * writes into the same folder after it, only what it wrote itself.
 */
function precompressAssets(): Plugin {
  let outDir = '';
  let wholeFolder = false;
  let written: string[] = [];
  const compress = (file: string) => {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < SMALLEST) return;
    const bytes = readFileSync(file);
    const br = brotliCompressSync(bytes, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    const gz = gzipSync(bytes, { level: 9 });
    if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  };
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.ssr ? '' : config.build.outDir;
      wholeFolder = config.build.copyPublicDir;
    },
    writeBundle(_options, bundle) {
      written = Object.keys(bundle).map((file) => path.join(outDir, file));
    },
    closeBundle() {
      if (!outDir) return;
      const walk = (folder: string): string[] =>
        readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(folder, entry.name)) : [path.join(folder, entry.name)]));
      for (const file of wholeFolder ? walk(outDir) : written) compress(file);
    },
  };
}

/**
 * Three builds from one config: the public site's browser bundle (dist/client, hashed assets and
 * .vite/manifest.json), the staff area's (`--mode staff`: staff.html into the same folder, with
 * .vite/staff-manifest.json), and the server bundle (dist/server: the process entry and the operator
 * commands), whose npm dependencies stay external and are installed in production. The staff area is
 * a build of its own so that its use of the libraries (React Router's forms and fetchers) never
 * grows the framework chunk every public page loads.
 */
export default defineConfig(({ command, isSsrBuild, mode }) => ({
  plugins: [react(), tailwindcss(), firstPaintFirst(), noPreloadHelper(), precompressAssets()],
  // React Router's ESM entry is its development build (warnings and checks on); its production build,
  // the same code with them compiled out, is otherwise reached only through CommonJS's NODE_ENV switch.
  // Both builds take the production one: the server's copy is bundled into dist/server for it (its
  // `<Link>` is a quarter of an inventory page's render in the development build).
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] }
      : {},
  // Bundled, React Router's own imports resolve from dist/server: its `cookie` (v1, nested under it)
  // would then be the app's v2, which lacks `parse` and `serialize`. The server uses none of React
  // Router's cookie or session helpers, so the bundle drops that import; a server that starts
  // using them must bundle `cookie` too.
  ssr: command === 'build' ? { noExternal: ['react-router'] } : {},
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        copyPublicDir: false,
        target: 'node26',
        rolldownOptions: {
          // The operator commands ship in the image too: `node dist/server/db-backup.js`, ...
          input: {
            server: 'server/main.ts',
            // The embedded database's thread (connect-database starts it beside the running entry).
            'embedded-mongo-worker': 'packages/embedded-mongo/src/embedded-mongo-worker.ts',
            'catalog-import': 'scripts/catalog-import.ts',
            'inquiries-status': 'scripts/inquiries-status.ts',
            'inquiries-resend': 'scripts/inquiries-resend.ts',
            'db-backup': 'scripts/db-backup.ts',
            'db-export': 'scripts/db-export.ts',
            'db-import': 'scripts/db-import.ts',
            'staff-invite': 'scripts/staff-invite.ts',
            'photos-move-to-store': 'scripts/photos-move-to-store.ts',
          },
          output: { entryFileNames: '[name].js' },
        },
      }
    : {
        outDir: 'dist/client',
        manifest: mode === 'staff' ? '.vite/staff-manifest.json' : true,
        // The staff build comes second and adds its files beside the public build's.
        emptyOutDir: mode !== 'staff',
        copyPublicDir: mode !== 'staff',
        // Pages preload their own chunks (the page controller writes the tags from the manifest), so the
        // browser needs no preload helper: it would weigh on every page's first load. A client-side
        // navigation fetches a page chunk, then the few shared ones it has not loaded yet.
        modulePreload: false,
        rolldownOptions: {
          input: mode === 'staff' ? 'staff.html' : 'index.html',
          output: {
            // Fewer, larger files compress better than many small ones (each page type loads at most
            // 110 KB of gzipped JavaScript, npm run check:bundle): the libraries in one chunk, and the
            // small parts almost every page uses in another.
            codeSplitting: {
              groups: [
                { name: 'framework', test: /node_modules\/(react|react-dom|react-router|scheduler|zustand)\// },
                {
                  name: 'page-basics',
                  test: /\/(views\/components\/(card|section|page-hero|badge)|src\/(business\/years-in-business|contact\/contact-path|catalog\/format-price|catalog\/vehicle-path))\.tsx?$/,
                },
              ],
            },
          },
        },
      },
}));
