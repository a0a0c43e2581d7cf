import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, tempDir } from './test/databases.ts';
import { SERVER_START_MS } from './test/server-process.ts';

// These tests start the real server process the way an operator does (`node server/main.ts`). A process
// may take up to SERVER_START_MS to start (or to refuse to) on a busy machine; each test's time limit
// allows that for every start it makes.

const MAIN = path.resolve(import.meta.dirname, 'main.ts');
const children = new Set<ChildProcess>();

afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
});

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, PORT: _port, DATA_DIR: _dir, ...rest } = process.env;
  return { ...rest, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...extra };
}

/** A test's time limit for the given number of server starts (or refusals to start) and a margin. */
const startsTime = (starts: number) => starts * SERVER_START_MS + 30_000;

/** Runs the server expecting it to refuse to start; returns its exit code and output. */
function runToExit(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [MAIN], {
    env: baseEnv(env),
    encoding: 'utf8',
    timeout: SERVER_START_MS,
  });
  return { code: result.status, stderr: result.stderr, stdout: result.stdout };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the server (in `cwd` if given) and resolves once it logs that it is listening ("portal started");
 * rejects if it exits first or has not started within SERVER_START_MS.
 */
async function start(
  env: Record<string, string>,
  options: { cwd?: string } = {},
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [MAIN], {
    env: baseEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${SERVER_START_MS} ms:\n${output}`)),
      SERVER_START_MS,
    );
    const check = () => {
      if (output.includes('"portal started"')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, output: () => output };
}

async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

function expectOneClearLine(stderr: string, pattern: RegExp) {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Cannot start the portal: /);
  expect(lines[0]).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('start-up refusals', { timeout: startsTime(1) }, () => {
  it('names PORT when it is not a number', () => {
    const { code, stderr } = runToExit({ PORT: 'abc', DATA_DIR: tempDir() });
    expect(code).toBe(1);
    expectOneClearLine(stderr, /PORT must be a whole number between 0 and 65535 \(got "abc"\)/);
  });

  it('names every invalid variable at once', () => {
    const { code, stderr } = runToExit({
      PORT: '70000',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://x',
      DATA_DIR: tempDir(),
    });
    expect(code).toBe(1);
    expectOneClearLine(stderr, /PORT must be a whole number between 0 and 65535 \(got "70000"\)/);
    expect(stderr).toMatch(/DATABASE_URL must be a URL like postgres:\/\/.* \(got "mysql:\/\/x"\)/);
    expect(stderr).toMatch(
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent \(got "loud"\)/,
    );
  });

  it('refuses a DATA_DIR that does not exist', () => {
    const missing = path.join(tempDir(), 'nope');
    const { code, stderr } = runToExit({ DATA_DIR: missing });
    expect(code).toBe(1);
    expectOneClearLine(stderr, /DATA_DIR .*nope does not exist/);
  });

  it('refuses a DATA_DIR that is a file', () => {
    const file = path.join(tempDir(), 'file');
    writeFileSync(file, '');
    const { code, stderr } = runToExit({ DATA_DIR: file });
    expect(code).toBe(1);
    expectOneClearLine(stderr, /DATA_DIR .* is not a folder/);
  });

  it('refuses a read-only DATA_DIR and writes nothing into it', () => {
    const dir = tempDir();
    chmodSync(dir, 0o555);
    chmodSync(path.dirname(dir), 0o1777);
    // root may write anywhere, so run the server as an unprivileged user when we are root.
    const asRoot = process.getuid?.() === 0;
    const command = asRoot ? 'setpriv' : process.execPath;
    const args = asRoot
      ? ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, MAIN]
      : [MAIN];
    const result = spawnSync(command, args, {
      env: baseEnv({ DATA_DIR: dir }),
      encoding: 'utf8',
      timeout: SERVER_START_MS,
    });
    expect(result.status).toBe(1);
    expectOneClearLine(result.stderr, /DATA_DIR .* is not writable/);
    expect(spawnSync('ls', ['-A', dir], { encoding: 'utf8' }).stdout).toBe('');
  });

  it('refuses an unreachable DATABASE_URL without showing its password', () => {
    const { code, stderr } = runToExit({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://portal:s3cret@127.0.0.1:1/portal',
    });
    expect(code).toBe(1);
    expectOneClearLine(
      stderr,
      /Cannot connect to the database at postgres:\/\/portal:\*\*\*@127\.0\.0\.1:1\/portal/,
    );
    expect(stderr).not.toContain('s3cret');
  });

  it('refuses a port that is already in use', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const { code, stderr } = runToExit({ DATA_DIR: tempDir(), PORT: String(port) });
      expect(code).toBe(1);
      expectOneClearLine(stderr, new RegExp(`port ${port} is already in use`));
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

// At most two starts per test, and a request's log line awaited for up to 30 s.
describe('running', { timeout: startsTime(2) + 30_000 }, () => {
  it('refuses a second process on the same data folder', async () => {
    const dataDir = tempDir();
    await start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    const second = runToExit({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(second.code).toBe(1);
    expectOneClearLine(second.stderr, /Another process is already using the database .*portal\.db/);
  });

  it('finishes a request in flight, then exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = tempDir();
    const { child, output } = await start({ DATA_DIR: dataDir, PORT: String(port) });
    // A keep-alive connection left idle must not hold the shutdown up.
    const idleAgent = new http.Agent({ keepAlive: true });
    const get = (url: string, agent: http.Agent | false, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`http://127.0.0.1:${port}${url}`, { agent, headers }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
    expect(await get('/api/Management/Health', idleAgent)).toBe(200);
    // Signal once the server has taken the request in: it must still answer it. (Not the health probe:
    // its access line is written at debug, which this log level leaves out.)
    const inFlight = get('/_configuration/SubscriberSys', false, { 'x-request-id': 'in-flight-request-1' });
    await waitFor(() => output().includes('"reqId":"in-flight-request-1"'));
    child.kill('SIGTERM');
    const started = Date.now();
    expect(await inFlight).toBe(200);
    expect(await exitOf(child)).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(output()).toContain('stopped cleanly');
    idleAgent.destroy();
    // The data folder's lock is released: the next start works.
    const next = await start({ DATA_DIR: dataDir, PORT: String(port) });
    next.child.kill('SIGINT');
    expect(await exitOf(next.child)).toBe(0);
  });

  it('creates ./data on a first start with no configuration, and keeps its generated secret', async () => {
    const cwd = tempDir();
    mkdirSync(path.join(cwd, 'x'));
    const { child, output } = await start({ PORT: String(await freePort()) }, { cwd });
    expect(output()).toContain(path.join(cwd, 'data', 'portal.db'));
    const secret = spawnSync('stat', ['-c', '%a', path.join(cwd, 'data', 'app-secret')], {
      encoding: 'utf8',
    });
    expect(secret.stdout.trim()).toBe('600');
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('serves the same app on PostgreSQL', async () => {
    // A schema of its own, dropped afterwards, so that nothing is left in the test database.
    const testDb = await createTestDatabase('postgres', { migrate: false });
    await testDb.database.close();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${testDb.schema}`);
    // Picked just before the start: the database's own connections take ephemeral ports too.
    const port = await freePort();
    const { child } = await start({ DATA_DIR: tempDir(), PORT: String(port), DATABASE_URL: url.toString() });
    const res = await fetch(`http://127.0.0.1:${port}/api/Management/Health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { database: { dialect: string } }).database.dialect).toBe('postgres');
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    await testDb.dispose();
  });
});
