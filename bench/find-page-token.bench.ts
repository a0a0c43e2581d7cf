import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createUser, TEST_PASSWORD } from '../server/test/factories.ts';
import { signInOverHttp } from '../server/test/http-sign-in.ts';
import { TEST_CAPTCHA } from '../server/test/sign-in.ts';
import { seedArticles } from './articles.bench.ts';
import {
  freePort,
  loadSideBySide,
  SERVER_NODE_FLAGS,
  serverDatabase,
  startProcess,
  stopProcess,
  tempDataDir,
} from './harness.ts';

// Requests per second of an authenticated list call, GET /Articles/FindPage (10 records) with a member's
// bearer token, through the full app (`node server/main.ts` with the flags of `npm start`, access logs on,
// SQLite) against a bare Fastify route answering the same JSON, measured side by side in one run. Rounds
// alternate between the two so that drift hits both alike.

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const TARGET = 0.7;
const ROUTE = '/Articles/FindPage';
const QUERY = '?pageSize=10&current=1';
/** Articles in the database: the list call's own cost, not a scan of a large table (articles.bench.ts). */
const ARTICLES = Number(process.env.BENCH_FIND_PAGE_ARTICLES ?? 100);

export async function runFindPageTokenBench(): Promise<{ ratio: number; pass: boolean }> {
  let member = { email: '' };
  const database = await serverDatabase('sqlite', undefined, async (db) => {
    const author = await createUser(db.db, { roles: ['Admin'] });
    await seedArticles(db, author.id, ARTICLES);
    member = await createUser(db.db, { roles: ['StandardUser'], memberDays: 30 });
  });
  const appPort = await freePort();
  const appBase = `http://127.0.0.1:${appPort}`;
  const app = await startProcess(
    'server/main.ts',
    {
      ...database.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: appBase,
      LOG_LEVEL: 'info',
      // test: the captcha answers a known code, so the benchmark can sign the member in.
      NODE_ENV: 'test',
      CAPTCHA_TEST_CODE: TEST_CAPTCHA,
      REDIS_URL: '',
      SMTP_URL: '',
      ACCESS_TOKEN_TTL: '3600',
    },
    `${appBase}/api/Management/Health`,
    // BENCH_PROFILE=<folder>: CPU profiles of the app and (in bare/) of the bare server, to compare.
    {
      nodeFlags: process.env.BENCH_PROFILE
        ? [...SERVER_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
        : SERVER_NODE_FLAGS,
    },
  );
  let bare: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    const { auth } = await signInOverHttp(appBase, member.email, TEST_PASSWORD);
    const appUrl = `${appBase}${ROUTE}${QUERY}`;
    const answer = await fetch(appUrl, { headers: auth });
    const body = await answer.text();
    if (answer.status !== 200) throw new Error(`FindPage answered ${answer.status}: ${body}`);
    const records = (JSON.parse(body) as { records?: unknown[] }).records?.length;
    if (records !== 10) throw new Error(`FindPage answered ${records} records, not 10`);
    const bodyFile = path.join(tempDataDir(), 'find-page.json');
    writeFileSync(bodyFile, body);
    const barePort = await freePort();
    const bareUrl = `http://127.0.0.1:${barePort}${ROUTE}${QUERY}`;
    bare = await startProcess(
      'bench/bare-json-server.ts',
      { PORT: String(barePort), BODY_FILE: bodyFile, ROUTE },
      bareUrl,
      {
        nodeFlags: process.env.BENCH_PROFILE
          ? [...SERVER_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}/bare`]
          : SERVER_NODE_FLAGS,
      },
    );

    // The warm-up also lets the app remember the caller, as it does for a member browsing.
    const {
      app: appRps,
      bare: bareRps,
      ratio,
    } = await loadSideBySide(
      { url: appUrl, headers: auth, label: "full app with a member's token" },
      { url: bareUrl },
      ROUNDS,
      SECONDS,
    );
    const pass = ratio >= TARGET;
    console.log(
      `FindPage with a member's token: full app ${appRps.toFixed(0)} req/s vs bare Fastify ${bareRps.toFixed(0)} req/s, ratio ${ratio.toFixed(3)} (target >= ${TARGET}) ${pass ? 'PASS' : 'BELOW TARGET'}`,
    );
    return { ratio, pass };
  } finally {
    if (bare) await stopProcess(bare);
    await stopProcess(app);
    await database.dispose();
  }
}

if (import.meta.main) {
  await runFindPageTokenBench();
}
