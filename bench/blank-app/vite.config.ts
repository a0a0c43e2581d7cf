import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.ts';

// Built like the portal's web app (same plugins, precompressed); the output folder is given by the benchmark.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  logLevel: 'warn',
  build: { emptyOutDir: true, outDir: process.env.BLANK_OUT_DIR ?? 'dist' },
});
