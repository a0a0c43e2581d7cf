// Keeps every core busy until stopped (Ctrl-C), to try the test suite on a loaded machine:
//   node scripts/busy-cores.ts [workers]    (default: one per core)
import { availableParallelism } from 'node:os';
import { isMainThread, Worker } from 'node:worker_threads';

if (isMainThread) {
  const count = Number(process.argv[2] ?? availableParallelism());
  if (!Number.isInteger(count) || count < 1) {
    console.error('usage: node scripts/busy-cores.ts [workers]');
    process.exit(2);
  }
  for (let i = 0; i < count; i++) new Worker(new URL(import.meta.url));
  console.log(`${count} busy workers; stop with Ctrl-C`);
} else {
  // Spin with a little allocation so the collector works too, as a real neighbour would.
  let sink = 0;
  for (;;) {
    const values = Array.from({ length: 1_000 }, (_, i) => i * Math.random());
    for (const value of values) sink = (sink + value) % 1_000_003;
  }
}
