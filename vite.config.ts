import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

/** The modules of antd's icons, one per icon, each a pure SVG description and a component around it. */
const ICON_MODULE = /[\\/]@ant-design[\\/]icons(?:-svg)?[\\/]es[\\/](?:icons|asn)[\\/]/;

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

// Paths answered by the Node server (docs/architecture); everything else is the single-page app.
const serverPaths = ['/api', '/Auth', '/Articles', '/_configuration', '/oidc', '/uploads', '/metrics'];

export default defineConfig({
  root: fileURLToPath(new URL('./app', import.meta.url)),
  publicDir: fileURLToPath(new URL('./app/public', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/app', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // No manual vendor chunks: the bundler splits by route, so a page loads the antd components, libraries
    // and code it uses and nothing else (the first-load benchmark holds the bytes, bench/first-load.bench.ts).
    // The largest chunk is echarts (about 520 KB, 176 KB gzipped), loaded by the statistics page only.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Each antd icon a few routes share would be a chunk of its own (about 1 KB on the wire, most of
        // it headers, and dozens of them on a page): the icons go into one chunk.
        codeSplitting: { groups: [{ name: 'icons', test: ICON_MODULE }] },
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
