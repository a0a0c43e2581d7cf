import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

// Paths answered by the Node server (docs/architecture); everything else is the single-page app.
const serverPaths = ['/api', '/Auth', '/Articles', '/_configuration', '/oidc', '/uploads', '/metrics'];

const vendorChunks = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  {
    name: 'vendor-antd',
    test: /node_modules[\\/](antd|@ant-design|@rc-component|@babel[\\/]runtime|clsx|dayjs|scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|stylis|@emotion)[\\/]/,
  },
  {
    // The rich-text editor is only loaded by the pages that edit articles.
    name: 'vendor-editor',
    test: /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|linkifyjs|orderedmap|rope-sequence|w3c-keyname|markdown-it|mdurl|uc\.micro|punycode\.js|entities|linkify-it)[\\/]/,
  },
  {
    // The statistics charts (echarts and its renderer) load with the statistics page only.
    name: 'vendor-charts',
    test: /node_modules[\\/](echarts|zrender)[\\/]/,
  },
  { name: 'vendor', test: /node_modules[\\/]/ },
];

export default defineConfig({
  root: fileURLToPath(new URL('./app', import.meta.url)),
  publicDir: fileURLToPath(new URL('./app/public', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/app', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // antd is one ~1 MB (300 kB gzip) vendor chunk by design; warn only beyond that.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: vendorChunks.map((group, index) => ({ ...group, priority: vendorChunks.length - index })),
        },
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
