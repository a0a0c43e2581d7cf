import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdIsBright } from './scripts/antd-is-bright.ts';
import { antdNarrowImports } from './scripts/antd-narrow-imports.ts';
import { antdUniqueTooltip } from './scripts/antd-unique-tooltip.ts';
import { chunkGroups } from './scripts/chunk-groups.ts';
import { precompress } from './scripts/precompress.ts';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

// Paths answered by the Node server (docs/architecture); everything else is the single-page app.
const serverPaths = ['/api', '/Auth', '/Articles', '/_configuration', '/oidc', '/uploads', '/metrics'];

const appRoot = fileURLToPath(new URL('./app', import.meta.url));
const chunks = chunkGroups(appRoot);

export default defineConfig({
  root: appRoot,
  publicDir: fileURLToPath(new URL('./app/public', import.meta.url)),
  plugins: [react(), antdNarrowImports(), antdIsBright(), antdUniqueTooltip(), chunks.plugin, precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/app', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // The bundler splits by route, so a page loads the antd components, libraries and code it uses; what
    // every first load needs is gathered into a few files (scripts/chunk-groups.ts). The first-load
    // benchmark holds the bytes (bench/first-load.bench.ts).
    // The largest chunks are echarts (about 520 KB), loaded by the statistics page only, and `framework`
    // (about 450 KB, 124 KB with brotli), which every page loads.
    chunkSizeWarningLimit: 750,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunks.groups },
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(serverPaths.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
      '/AdvisoryHub': { target: API_ORIGIN, ws: true, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
  },
});
