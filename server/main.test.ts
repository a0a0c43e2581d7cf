import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, tempDir } from './test/databases.ts';

// These tests start the real server process the way an operator does (`node server/main.ts`).

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

/** Runs the server expecting it to refuse to start; returns its exit code and output. */
function runToExit(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [MAIN], {
    env: baseEnv(env),
    encoding: 'utf8',
    timeout: 20_000,
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

/** Starts the server and resolves once it logs that it is listening. */
async function start(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [MAIN], { env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
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

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
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

describe('start-up refusals', () => {
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
      timeout: 20_000,
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

describe('running', () => {
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
    // Signal once the server has taken the request in: it must still answer it.
    const inFlight = get('/api/Management/Health', false, { 'x-request-id': 'in-flight-request-1' });
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
    const child = spawn(process.execPath, [MAIN], {
      cwd,
      env: baseEnv({ PORT: String(await freePort()) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let out = '';
    child.stdout?.on('data', (c) => {
      out += c;
    });
    await new Promise<void>((resolve) => {
      const check = () => out.includes('"portal started"') && resolve();
      child.stdout?.on('data', check);
    });
    expect(out).toContain(path.join(cwd, 'data', 'portal.db'));
    const secret = spawnSync('stat', ['-c', '%a', path.join(cwd, 'data', 'app-secret')], {
      encoding: 'utf8',
    });
    expect(secret.stdout.trim()).toBe('600');
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('serves the same app on PostgreSQL', async () => {
    const port = await freePort();
    // A schema of its own, dropped afterwards, so that nothing is left in the test database.
    const testDb = await createTestDatabase('postgres', { migrate: false });
    await testDb.database.close();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${testDb.schema}`);
    const { child } = await start({ DATA_DIR: tempDir(), PORT: String(port), DATABASE_URL: url.toString() });
    const res = await fetch(`http://127.0.0.1:${port}/api/Management/Health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { database: { dialect: string } }).database.dialect).toBe('postgres');
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    await testDb.dispose();
  });
});
