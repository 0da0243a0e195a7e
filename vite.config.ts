import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Two builds from one config: the browser bundle (dist/client, hashed assets and a manifest) and
 * the server bundle (dist/server: the process entry and the catalogue import command), whose
 * npm dependencies stay external and are installed in production.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        copyPublicDir: false,
        target: 'node20',
        rolldownOptions: {
          input: { server: 'src/server.ts', 'catalog-import': 'scripts/catalog-import.ts' },
          output: { entryFileNames: '[name].js' },
        },
      }
    : {
        outDir: 'dist/client',
        manifest: true,
      },
}));
