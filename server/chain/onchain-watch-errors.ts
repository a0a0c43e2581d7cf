import { BaseError } from 'viem';
import { rpcHostOf } from './onchain-config.ts';

// What admins read when a run of the watcher fails: a few words, never the RPC's address (it may hold an API
// key): the node's own error with its code, or viem's first line (timeout, HTTP status, refused connection).

/** A problem of the chain or its RPC the watcher found itself (wrong chain id, a block changed). */
export class WatchError extends Error {}

const ERROR_MAX = 300;

/** The reason for admins, or undefined for an error that is not the chain's (a bug, the database). */
export function watchErrorOf(error: unknown): string | undefined {
  let text: string;
  if (error instanceof WatchError) text = error.message;
  else if (error instanceof BaseError) {
    const { code, status } = error as BaseError & { code?: unknown; status?: number };
    const details = error.details && error.details !== error.shortMessage ? `: ${error.details}` : '';
    const first = error.shortMessage.split('\n')[0]!.replace(/\.$/, '');
    text =
      typeof code === 'number' && details
        ? `RPC error ${code}${details}`
        : `${first}${status ? ` (HTTP ${status})` : ''}${details}`;
  } else return undefined;
  const clean = text
    .replace(/\s+/g, ' ')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, (address) => rpcHostOf(address));
  return clean.length > ERROR_MAX ? `${clean.slice(0, ERROR_MAX - 1)}…` : clean;
}
