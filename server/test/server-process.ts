import type { ChildProcess } from 'node:child_process';
import { eventually } from './hub-client.ts';

// Real server processes started by a test (`node server/main.ts`): how long they may take to start, and
// waiting for them to serve or to end.

/** How long a server process may take to start: on a busy machine loading and migrating can be slow. */
export const SERVER_START_MS = 60_000;

/**
 * Waits until a started server process serves (`serving` answers true), polling; throws at once if the
 * process exits first, and after `timeoutMs` if it never serves.
 */
export async function untilServing(
  child: ChildProcess,
  serving: () => Promise<boolean>,
  timeoutMs = SERVER_START_MS,
): Promise<void> {
  await eventually(async () => {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server process ended (${child.exitCode ?? child.signalCode}) before serving`);
    return (await serving()) ? true : undefined;
  }, timeoutMs);
}

/** Resolves once the process has ended (at once if it already has). */
export function ended(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}
