import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './harness.ts';

// `npm run bench`: every benchmark in turn, each printing its ratio against a baseline from the same run.
// Each runs in a process of its own, so that one benchmark's heap, pools and timers cannot slow the next,
// with the Node.js flags of `npm start` (the hub benchmark runs the app in its own process; the trader
// benchmarks start the portal, `node server/main.ts`, as a process of its own, with the same flags).
const BENCHMARKS: Array<[title: string, file: string]> = [
  ['/api/Management/Health, full app vs bare Fastify', 'health.bench.ts'],
  ['user management on 100,000 users, full app vs raw SQL', 'users.bench.ts'],
  ['FindPage on 10,000 articles, full app vs raw SQL', 'articles.bench.ts'],
  [
    "FindPage with a member's token (10 records), full app vs a bare route answering the same JSON",
    'find-page-token.bench.ts',
  ],
  ['strategy publish -> delivery to 1,000 subscribers, app vs bare socket.io broadcast', 'hub.bench.ts'],
  [
    'trading statistics over 100,000 fills vs a plain pass summing the same history',
    'trading-statistics.bench.ts',
  ],
  [
    'GET /api/Trading/Statistics over 100,000 stored fills after the first computation vs GET /api/Trading/Traders',
    'trading-read.bench.ts',
  ],
  [
    'a fill at the exchange -> its live change at the last of 1,000 subscribed members, app vs bare socket.io broadcast',
    'trader-live.bench.ts',
  ],
  ['memory of one process following 50 trader keys vs an idle process', 'trader-sync-memory.bench.ts'],
  [
    '1,000 concurrent candle requests for one symbol: upstream reads per refresh, p99 app vs bare route',
    'market-candles.bench.ts',
  ],
  [
    'media monitoring: 10,000 items from 200 feeds, a quiet poll (mostly 304) vs the bare conditional GETs, a full re-read stores nothing',
    'media-poller.bench.ts',
  ],
  [
    'first load in Chromium: JavaScript on the wire per page, first contentful paint vs a blank Vite + React + antd page',
    'first-load.bench.ts',
  ],
  [
    "the portal's start to its first health answer, with Node's compile cache vs without",
    'start-up.bench.ts',
  ],
];

if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL)
  console.log('PostgreSQL figures skipped: set BENCH_DATABASE_URL=postgres://... to include them');
let failed = 0;
for (const [title, file] of BENCHMARKS) {
  console.log(`\nBenchmark: ${title}`);
  const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, path.join(import.meta.dirname, file)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    failed++;
    console.log(`${file} failed (exit ${run.status ?? run.signal})`);
  }
}
process.exit(failed ? 1 : 0);
