import { onTestFinished, vi } from 'vitest';

/**
 * `Date.now()` and `new Date()` held at `at` until the test ends (timers run as usual). A relative time
 * ("5 minutes ago") drawn from a fixture made at `at` then reads the same however long the file's earlier
 * tests took on a busy machine.
 */
export function holdClockAt(at: number): void {
  vi.setSystemTime(at);
  onTestFinished(() => {
    vi.useRealTimers();
  });
}
