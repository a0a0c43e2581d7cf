import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Three projects: server code runs in Node against real databases, the web app in jsdom,
// and shared/ (pure TypeScript) in Node.
export default defineConfig({
  test: {
    reporters: process.env.VITEST_JSON_REPORT
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT }]]
      : ['default'],
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Server tests start real processes and databases; keep them from starving each other on 2 cores.
          fileParallelism: true,
          maxWorkers: 2,
          // One module graph per worker: every file builds its own app, databases and servers from these
          // modules, so they need not be evaluated again for each of them.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['app/**/*.test.{ts,tsx}'],
          setupFiles: ['app/testing/setup.ts'],
          isolate: false,
          maxWorkers: 2,
          // Rendering allocates many short-lived objects: a larger young generation (as the server has, `npm
          // start`) spends less of the files' CPU in the collector.
          execArgv: ['--max-semi-space-size=64'],
          // The longest form journeys type and click through whole forms, all CPU (12 s alone on 2 cores); they
          // run beside the browser journeys (scripts/test-all.ts), and on a machine already kept busy they have
          // taken over 60 s.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'shared',
          environment: 'node',
          include: ['shared/**/*.test.ts'],
        },
      },
    ],
  },
});
