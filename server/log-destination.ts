import { type DestinationStream, pino } from 'pino';

/**
 * Where the portal's log lines go: stdout, asynchronously, lines gathered up to 4 KB (or a second) and
 * written at once; whatever is left is written at exit (pino registers the stream for that).
 *
 * Lines are handed over as bytes. Given strings, the stream appends each line to the text waiting to be
 * written and measures that whole text again in bytes on every line, which flattens it each time: a cost
 * that grows with what waits, about a tenth of a small request's time at a thousand requests at once.
 */
export function stdoutLogDestination(): DestinationStream {
  const stream = pino.destination({
    dest: 1,
    sync: false,
    minLength: 4096,
    periodicFlush: 1000,
    contentMode: 'buffer',
  });
  return {
    write: (line: string) => stream.write(Buffer.from(line) as unknown as string),
    // logger.flush() reaches the stream through this.
    flush: (callback?: (error?: Error) => void) => stream.flush(callback),
  } as DestinationStream;
}
