import type { ChildProcess } from 'node:child_process';
import { signInOverHttp } from '../server/test/http-sign-in.ts';
import { TEST_CAPTCHA } from '../server/test/sign-in.ts';
import { firstAdminAuthenticator, TEST_APP_SECRET } from '../server/test/two-factor.ts';
import { freePort, type ServerDatabase, startProcess, stopProcess } from './harness.ts';

// The portal as the trader benchmarks run it: `node server/main.ts` in a process of its own, with the flags
// of `npm start`, following traders' keys (TRADER_SYNC) at the fake exchange (EXCHANGE_TEST_BASE_URL), which
// runs in the benchmark's process, as the exchange is not on the portal's machine. Everything else is what
// an operator's start would be, plus what lets a benchmark sign a thousand people in from one address.

export const ADMIN_EMAIL = 'admin@bench.test';
export const ADMIN_PASSWORD = 'Bench-Adm1n-Passw0rd';

export type Portal = {
  base: string;
  child: ChildProcess;
  /** The administrator's Authorization header. */
  admin: { authorization: string };
  /** Calls the API over HTTP as `auth`; answers the JSON of a 200, throws on anything else. */
  call<T = unknown>(
    auth: { authorization: string },
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ): Promise<T>;
  close(): Promise<void>;
};

export async function startPortal(options: {
  database: ServerDatabase;
  exchangeUrl: string;
  /** Added after the flags of `npm start` (the memory benchmark's probe). */
  nodeFlags?: string[];
  ipc?: boolean;
}): Promise<Portal> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    'server/main.ts',
    {
      ...options.database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      // NODE_ENV=production refuses a test exchange and a captcha test code; test is what the journeys use.
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
      SMTP_URL: '',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // The administrator's authenticator: the benchmark signs in with its codes.
      ...firstAdminAuthenticator(ADMIN_EMAIL),
      // The factories' accounts made in the benchmark's database carry secrets sealed with this one.
      APP_SECRET: TEST_APP_SECRET,
      CAPTCHA_TEST_CODE: TEST_CAPTCHA,
      // A thousand members sign in from the benchmark's one address; tokens outlive the run.
      AUTH_RATE_LIMIT: '100000',
      ACCESS_TOKEN_TTL: '3600',
      TRADER_SYNC: 'true',
      EXCHANGE_TEST_BASE_URL: options.exchangeUrl,
    },
    `${base}/api/Management/Health`,
    { nodeFlags: options.nodeFlags ?? [], ipc: options.ipc ?? false },
  );
  const call: Portal['call'] = async (auth, method, url, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return JSON.parse(text);
  };
  try {
    const { auth } = await signInOverHttp(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    return {
      base,
      child,
      admin: auth,
      call,
      async close() {
        await stopProcess(child);
        await options.database.dispose();
      },
    };
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
}

/** Runs `work` over `items`, `concurrency` at a time (a few browsers signing in at once). */
export async function inParallel<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

/**
 * Waits until `check` gives a value (anything but undefined), asking every `everyMs`: for a state the
 * portal reaches by itself (a key followed), which no event announces to the benchmark. The timeout is only a
 * safety net.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  options: { everyMs?: number; timeoutMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 100));
  }
}
