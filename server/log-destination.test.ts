import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULE = path.join(import.meta.dirname, 'log-destination.ts');

/** Runs a script that logs through the destination in a process of its own; what it wrote to stdout. */
function run(script: string): Promise<{ code: number | null; lines: Record<string, unknown>[] }> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { writeSync } from 'node:fs'; import { pino } from 'pino'; import { stdoutLogDestination } from ${JSON.stringify(MODULE)};
       const log = pino({ level: 'info' }, stdoutLogDestination()); ${script}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], cwd: path.dirname(import.meta.dirname) },
  );
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        lines: out
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line)),
      }),
    );
  });
}

describe('stdout log destination', () => {
  it('writes every line, in order and whole, including those still gathered when the process exits', async () => {
    // 2,000 lines of about 250 bytes: many 4 KB writes, and a remainder below 4 KB left at exit.
    const { code, lines } = await run(
      `for (let i = 0; i < 2000; i++) log.info({ i, text: 'é'.repeat(100) }, 'line');
       process.exit(3);`,
    );
    expect(code).toBe(3);
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    expect(lines.every((line) => line.text === 'é'.repeat(100) && line.msg === 'line')).toBe(true);
  });

  it('writes what is gathered before a flush calls back', async () => {
    // The flush's fsync fails on a pipe (EINVAL); the lines are written before it is tried.
    const { code, lines } = await run(
      `log.info('first');
       log.flush(() => { writeSync(1, JSON.stringify({ msg: 'after flush' }) + '\\n'); });`,
    );
    expect(code).toBe(0);
    expect(lines.map((line) => line.msg)).toEqual(['first', 'after flush']);
  });
});
