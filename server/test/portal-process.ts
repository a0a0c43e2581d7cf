import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './listening-app.ts';
import { ended, keepOutput, untilServing } from './server-process.ts';
import { TEST_CAPTCHA } from './sign-in.ts';
import { firstAdminAuthenticator } from './two-factor.ts';

// The portal and its commands run as an operator runs them: `node server/main.ts`, `npm run db:backup`.

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const MAIN = path.join(ROOT, 'server', 'main.ts');

export const PORTAL_ADMIN = { email: 'backup-admin@example.com', password: 'Backup-pass1' };

/** The environment of a portal or a command: the test runner's, without its own data settings. */
export function portalEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, DATA_DIR: _dir, PORT: _port, APP_SECRET: _secret, ...rest } = process.env;
  return { ...rest, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...extra };
}

export type PortalProcess = {
  base: string;
  child: ChildProcess;
  /** SIGTERM, then the exit code once it has ended. */
  stop(): Promise<number | null>;
};

/**
 * Starts a portal on `env`'s DATA_DIR (and DATABASE_URL) with a known administrator, and resolves once it
 * serves (within SERVER_START_MS); rejects with its output if it ends first. Portals on unrelated data
 * should have administrators of their own: an authenticator code is good once, and the sign-in helpers
 * count the codes used by address, so one address signed in on many portals waits for fresh codes.
 */
export async function startPortalProcess(
  env: Record<string, string>,
  admin: { email: string; password: string } = PORTAL_ADMIN,
): Promise<PortalProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: portalEnv({
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      CAPTCHA_TEST_CODE: TEST_CAPTCHA,
      AUTH_RATE_LIMIT: '10000',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // The administrator signs in with two factors; the sign-in helpers compute its codes.
      ...firstAdminAuthenticator(admin.email),
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  keepOutput(child);
  // Refusals to start are written to stderr: keep them with the output.
  child.stderr?.on('data', (chunk) => child.stdout?.emit('data', chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await ended(child);
    return child.exitCode;
  };
  try {
    await untilServing(child, () =>
      fetch(`${base}/api/Management/Health`).then(
        (res) => res.ok,
        () => false,
      ),
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { base, child, stop };
}

export type CommandResult = { code: number | null; stdout: string; stderr: string };

/** Runs `npm run <script> -- <args>` (db:backup, db:restore) in the repository with `env`, to its end. */
export function runNpmScript(
  script: 'db:backup' | 'db:restore',
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  return collect(
    spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env: portalEnv(env) }),
  );
}

/** `node server/cli/<name>.ts <args>`: the same command without npm in between (quicker, for refusals). */
export function runCli(
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const script = path.join(ROOT, 'server', 'cli', `${name}.ts`);
  return collect(spawn(process.execPath, [script, ...args], { cwd: ROOT, env: portalEnv(env) }));
}

function collect(child: ChildProcess): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
