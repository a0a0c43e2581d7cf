import { runArticlesBench } from './articles.bench.ts';
import { runHealthBench } from './health.bench.ts';
import { runHubBench } from './hub.bench.ts';
import { runUsersBench } from './users.bench.ts';

// `npm run bench`: every benchmark in turn, each printing its ratio against a baseline from the same run.
console.log('Benchmark: /api/Management/Health, full app vs bare Fastify');
await runHealthBench();

console.log('\nBenchmark: user management on 100,000 users, full app vs raw SQL');
await runUsersBench('sqlite');
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) await runUsersBench('postgres', postgresUrl);
else console.log('postgres: skipped (set BENCH_DATABASE_URL=postgres://... to include it)');

console.log('\nBenchmark: FindPage on 10,000 articles, full app vs raw SQL');
await runArticlesBench('sqlite');
if (postgresUrl) await runArticlesBench('postgres', postgresUrl);

console.log(
  '\nBenchmark: strategy publish -> delivery to 1,000 subscribers, app vs bare socket.io broadcast',
);
await runHubBench();
process.exit(0);
