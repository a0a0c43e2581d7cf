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
      throw new ServerEndedError(child.exitCode ?? child.signalCode, outputOf(child));
    return (await serving()) ? true : undefined;
  }, timeoutMs);
}

/** A server process ended before it served; carries the end of what it wrote, to say why. */
export class ServerEndedError extends Error {
  override name = 'ServerEndedError';
  readonly code: number | string | null;
  readonly output: string;
  constructor(code: number | string | null, output: string) {
    super(`the server process ended (${code}) before serving${output ? `; it wrote:\n${output}` : ''}`);
    this.code = code;
    this.output = output;
  }
}

const OUTPUT_KEPT = 8_000;
const outputs = new WeakMap<ChildProcess, () => string>();

/** Keeps the last few KB a child writes on stdout (spawned with stdout 'pipe'), for ServerEndedError. */
export function keepOutput(child: ChildProcess): void {
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output = (output + String(chunk)).slice(-OUTPUT_KEPT);
  });
  outputs.set(child, () => output);
}

function outputOf(child: ChildProcess): string {
  return outputs.get(child)?.() ?? '';
}

/** Resolves once the process has ended (at once if it already has). */
export function ended(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}
