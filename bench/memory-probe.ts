import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { BroadcastChannel, isMainThread } from 'node:worker_threads';

// Loaded into the portal's processes by the memory benchmark (node --expose-gc --import bench/memory-probe.ts
// server/main.ts, on every process it compares alike), and so into each of their worker threads (a worker
// inherits the preload): asked 'memory' over the IPC channel, the main thread answers the process's memory
// as found, then after full garbage collections in every thread, which leave what the process holds, with
// the size of each part of each thread's JavaScript heap (to tell what the process holds from what V8 keeps
// ready). The threads are reached over a BroadcastChannel. Without an IPC channel (any other start) it does
// nothing.

export type HeapParts = {
  /** Each heap space's size and what is used in it, bytes. */
  spaces: Record<string, { size: number; used: number }>;
  /** The JavaScript heap's pages in memory (heapTotal also counts pages not touched). */
  heapPhysical: number;
  heapUsed: number;
};

export type MemoryAnswer = HeapParts & {
  found: NodeJS.MemoryUsage;
  collected: NodeJS.MemoryUsage;
  /** The worker threads', after their collections. */
  threads: HeapParts[];
};

type ThreadMessage =
  | { type: 'collect'; round: number }
  | { type: 'collected'; round: number; parts: HeapParts };

const CHANNEL = 'portal-memory-probe';
/** How long the main thread waits for the threads' answers (a thread busy in a long task answers late). */
const THREAD_WAIT_MS = 10_000;

/** Twice: objects with finalizers (sockets, weak references) are freed by the second. */
function collectHere(): HeapParts {
  globalThis.gc?.();
  globalThis.gc?.();
  const heap = getHeapStatistics();
  return {
    spaces: Object.fromEntries(
      getHeapSpaceStatistics().map((s) => [s.space_name, { size: s.space_size, used: s.space_used_size }]),
    ),
    heapPhysical: heap.total_physical_size,
    heapUsed: heap.used_heap_size,
  };
}

if (!isMainThread) {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event) => {
    const message = event.data as ThreadMessage;
    if (message.type === 'collect')
      channel.postMessage({ type: 'collected', round: message.round, parts: collectHere() });
  };
  // The channel must not keep the thread alive.
  channel.unref();
} else if (process.send) {
  let round = 0;
  process.on('message', async (message: unknown) => {
    if (message !== 'memory') return;
    const found = process.memoryUsage();
    const threads = await collectThreads(++round);
    const parts = collectHere();
    const collected = process.memoryUsage();
    process.send?.({ found, collected, threads, ...parts } satisfies MemoryAnswer);
  });
  // The channel must not keep the process alive once the server has closed.
  process.channel?.unref();
}

/**
 * Asks the worker threads to collect and answers theirs: the portal runs one (the trader sync), so the first
 * answer ends the wait; none (TRADER_SYNC=false) after THREAD_WAIT_MS.
 */
async function collectThreads(round: number): Promise<HeapParts[]> {
  const channel = new BroadcastChannel(CHANNEL);
  const answers: HeapParts[] = [];
  try {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, THREAD_WAIT_MS);
      channel.onmessage = (event) => {
        const message = event.data as ThreadMessage;
        if (message.type !== 'collected' || message.round !== round) return;
        answers.push(message.parts);
        clearTimeout(timer);
        resolve();
      };
      channel.postMessage({ type: 'collect', round } satisfies ThreadMessage);
    });
  } finally {
    channel.close();
  }
  return answers;
}
