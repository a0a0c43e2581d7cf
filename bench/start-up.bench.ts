import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, median, ROOT, SERVER_NODE_FLAGS, stopProcess, tempDataDir } from './harness.ts';

// The portal's start, `node server/main.ts` until its first health answer, with Node's compile cache (as
// the portal turns it on) against the same start with it turned off (NODE_DISABLE_COMPILE_CACHE=1), in turn,
// on one data folder made by a first start (so the migrations and the first administrator are not counted).
// The cache is a folder of this run's own, filled by that first start.

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/** The start with the cache should take at most this share of the start without it. */
const TARGET = 0.95;

async function timedStart(env: Record<string, string>): Promise<{ ms: number; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/Management/Health`;
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server/main.ts exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { ms: performance.now() - started, child };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server/main.ts did not answer within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function runStartUpBench(): Promise<{ ratio: number; pass: boolean }> {
  const dataDir = tempDataDir();
  const cache = { NODE_COMPILE_CACHE: mkdtempSync(path.join(tmpdir(), 'portal-compile-cache-')) };
  const noCache = { NODE_DISABLE_COMPILE_CACHE: '1' };
  const base = { DATA_DIR: dataDir, NODE_ENV: 'production' };
  // The first start makes the database and fills the cache.
  await stopProcess((await timedStart({ ...base, ...cache })).child);
  const withCache: number[] = [];
  const without: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [env, times] of [
      [noCache, without],
      [cache, withCache],
    ] as const) {
      const { ms, child } = await timedStart({ ...base, ...env });
      times.push(ms);
      await stopProcess(child);
    }
  }
  const ratio = median(withCache) / median(without);
  const pass = ratio <= TARGET;
  console.log(
    `start-up to the first health answer, median of ${ROUNDS}: ${median(withCache).toFixed(0)} ms with the compile cache vs ${median(without).toFixed(0)} ms without, ratio ${ratio.toFixed(2)} (target <= ${TARGET}) ${pass ? 'PASS' : 'BELOW TARGET'}`,
  );
  return { ratio, pass };
}

if (import.meta.main) {
  await runStartUpBench();
}
