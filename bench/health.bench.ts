import { freePort, loadSideBySide, startProcess, stopProcess, tempDataDir } from './harness.ts';

// Requests per second of GET /api/Management/Health through the full app (every plugin, request
// logging on, a real database ping) against a bare Fastify route returning the same JSON, measured
// side by side in one run. Rounds alternate between the two so that drift hits both alike.

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
// Access logs on; the probe's own line is written at debug, as the goal allows.
const TARGET = 0.8;

const profile = (name: string) =>
  process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}/${name}`] : [];

export async function runHealthBench(): Promise<{ ratio: number; pass: boolean }> {
  const appPort = await freePort();
  const barePort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}/api/Management/Health`;
  const bareUrl = `http://127.0.0.1:${barePort}/api/Management/Health`;
  const app = await startProcess(
    'server/main.ts',
    {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: tempDataDir(),
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    appUrl,
    // BENCH_PROFILE=<folder>: CPU profiles of the app and of the bare server, to compare.
    { nodeFlags: profile('app') },
  );
  const bare = await startProcess('bench/bare-server.ts', { PORT: String(barePort) }, bareUrl, {
    nodeFlags: profile('bare'),
  });
  try {
    const {
      app: appRps,
      bare: bareRps,
      ratio,
    } = await loadSideBySide({ url: appUrl, label: 'full app' }, { url: bareUrl }, ROUNDS, SECONDS);
    const pass = ratio >= TARGET;
    console.log(
      `health: full app ${appRps.toFixed(0)} req/s vs bare Fastify ${bareRps.toFixed(0)} req/s, ratio ${ratio.toFixed(3)} (target >= ${TARGET}) ${pass ? 'PASS' : 'BELOW TARGET'}`,
    );
    return { ratio, pass };
  } finally {
    await stopProcess(app);
    await stopProcess(bare);
  }
}

if (import.meta.main) {
  await runHealthBench();
}
