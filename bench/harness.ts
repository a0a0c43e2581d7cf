import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type Database, openDatabase } from '../server/db/database.ts';
import type { Dialect } from '../server/db/dialect.ts';
import { migrateToLatest } from '../server/db/migrator.ts';
import { adminQuery } from '../server/test/databases.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** The Node.js flags `npm start` runs the server with (package.json), so benchmarks measure the same. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
}

/**
 * Starts a server script as its own process (so it has a core to itself) and waits until it answers.
 * `nodeFlags` come after those of `npm start`; with `ipc` the benchmark can talk to the process
 * (process.send), as a probe loaded into it answers.
 */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  readyUrl: string,
  options: { nodeFlags?: string[]; ipc?: boolean } = {},
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...(options.nodeFlags ?? []), path.join(ROOT, script)],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      // Logs are written as in production (to stdout), and discarded here.
      stdio: options.ipc ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      const res = await fetch(readyUrl);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${script} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export type LoadResult = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number };

export async function load(
  url: string,
  seconds: number,
  connections = 50,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const result = await autocannon({ url, duration: seconds, connections, pipelining: 1, headers });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * Requests per second of `app` and of `bare`, measured side by side: both warmed up, then `rounds` rounds
 * of `seconds` each, alternating so that drift hits both alike. Answers the medians and their ratio.
 */
export async function loadSideBySide(
  app: { url: string; headers?: Record<string, string>; label: string },
  bare: { url: string },
  rounds: number,
  seconds: number,
): Promise<{ app: number; bare: number; ratio: number }> {
  await load(app.url, 2, 50, app.headers);
  await load(bare.url, 2);
  const appRps: number[] = [];
  const bareRps: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const a = await load(app.url, seconds, 50, app.headers);
    const b = await load(bare.url, seconds);
    if (a.errors || a.non2xx || b.errors || b.non2xx) throw new Error('requests failed during the benchmark');
    appRps.push(a.requestsPerSecond);
    bareRps.push(b.requestsPerSecond);
    console.log(
      `  round ${round}: ${app.label} ${a.requestsPerSecond.toFixed(0)} req/s (p99 ${a.p99Ms} ms), bare ${b.requestsPerSecond.toFixed(0)} req/s (p99 ${b.p99Ms} ms)`,
    );
  }
  return { app: median(appRps), bare: median(bareRps), ratio: median(appRps) / median(bareRps) };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/**
 * A migrated database for one benchmark: SQLite in a fresh folder, or a fresh schema of the PostgreSQL
 * database at `databaseUrl`, dropped afterwards.
 */
export async function withBenchDatabase(
  dialect: Dialect,
  databaseUrl: string | undefined,
  run: (database: Database, dataDir: string) => Promise<void>,
): Promise<void> {
  const dataDir = tempDataDir();
  const schema = dialect === 'postgres' ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const admin = (statement: string) => adminQuery(databaseUrl!, statement);
  if (schema) await admin(`create schema ${schema}`);
  const database = await openDatabase({ dataDir, databaseUrl, ...(schema ? { pgSchema: schema } : {}) });
  try {
    await migrateToLatest(database);
    await run(database, dataDir);
  } finally {
    await database.close();
    if (schema) await admin(`drop schema ${schema} cascade`);
  }
}

/** The p-th percentile (nearest rank) of some values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Milliseconds on the machine's monotonic clock: the same in every thread and process of the machine, so a
 * moment taken in one process can be subtracted from one taken in another. (performance.timeOrigin is the
 * wall clock read once at each start; a process started minutes after another can be off from it by the
 * clock's adjustments in between.)
 */
export const monotonicNow = () => Number(process.hrtime.bigint()) / 1e6;

export type ServerDatabase = {
  /** The settings a server process is given to use it (DATA_DIR, and DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  /** Removes it (the folder; the PostgreSQL database), once its server process has stopped. */
  dispose(): Promise<void>;
};

/**
 * A migrated database for a server process (`node server/main.ts`) of a benchmark: SQLite in a fresh
 * folder, or a fresh database beside the one at `databaseUrl` (a process takes no schema name, and one
 * database per process keeps two portals of one benchmark apart). `prepare` fills it before the server
 * opens it: SQLite allows one process per file, and a server started on its data finds it as after a restart.
 */
export async function serverDatabase(
  dialect: Dialect,
  databaseUrl: string | undefined,
  prepare: (database: Database) => Promise<void> = async () => {},
): Promise<ServerDatabase> {
  const dataDir = tempDataDir();
  let url: string | undefined;
  const admin = (statement: string) => adminQuery(databaseUrl!, statement);
  const name = `bench_${randomBytes(4).toString('hex')}`;
  if (dialect === 'postgres') {
    if (!databaseUrl) throw new Error('serverDatabase: PostgreSQL needs a database URL');
    await admin(`create database ${name}`);
    const parsed = new URL(databaseUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  }
  const database = await openDatabase({ dataDir, databaseUrl: url });
  try {
    await migrateToLatest(database);
    await prepare(database);
  } finally {
    await database.close();
  }
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url ?? '' },
    async dispose() {
      if (url) await admin(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
