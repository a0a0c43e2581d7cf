import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

// Loaded into the portal's processes by the memory benchmark (node --expose-gc --import bench/memory-probe.ts
// server/main.ts, on every process it compares alike): asked 'memory' over the IPC channel, it answers the
// process's memory as found, then after full garbage collections, which leave what the process holds, with
// the size of each part of the JavaScript heap (to tell what the process holds from what V8 keeps ready).
// Without an IPC channel (any other start) it does nothing.

export type MemoryAnswer = {
  found: NodeJS.MemoryUsage;
  collected: NodeJS.MemoryUsage;
  /** After the collections: each heap space's size and what is used in it, bytes. */
  spaces: Record<string, { size: number; used: number }>;
  /** After the collections: the JavaScript heap's pages in memory (heapTotal also counts pages not touched). */
  heapPhysical: number;
};

if (process.send) {
  process.on('message', (message: unknown) => {
    if (message !== 'memory') return;
    const found = process.memoryUsage();
    // Twice: objects with finalizers (sockets, weak references) are freed by the second.
    globalThis.gc?.();
    globalThis.gc?.();
    const collected = process.memoryUsage();
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((s) => [s.space_name, { size: s.space_size, used: s.space_used_size }]),
    );
    const heapPhysical = getHeapStatistics().total_physical_size;
    process.send?.({ found, collected, spaces, heapPhysical } satisfies MemoryAnswer);
  });
  // The channel must not keep the process alive once the server has closed.
  process.channel?.unref();
}
