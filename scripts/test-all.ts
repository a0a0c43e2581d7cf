import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// `npm test`: the unit/API suite and the browser journeys, both always run, so a unit failure cannot hide
// the journeys. Each runner prints its own summary; the exit status fails if either failed.
//
// They run side by side: the journeys keep the two cores about three-quarters busy (the browser and the
// portal wait on each other) and the server tests wait on their servers and databases, so together they
// finish sooner than one after the other (docs/operations.md). The journeys print as they go; the unit
// suite's output is kept in a file and printed whole when it ends, so the two do not interleave.
// TEST_SEQUENTIAL=1 runs them one after the other, each printing as it goes.

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const sequential = process.env.TEST_SEQUENTIAL === '1';

type Result = { script: string; ok: boolean; detail: string };

function run(script: string, logFile?: string): Promise<Result> {
  return new Promise((resolve) => {
    const log = logFile ? createWriteStream(logFile) : undefined;
    const child = spawn(npm, ['run', script], {
      stdio: ['ignore', log ? 'pipe' : 'inherit', log ? 'pipe' : 'inherit'],
    });
    child.stdout?.pipe(log!, { end: false });
    child.stderr?.pipe(log!, { end: false });
    child.on('close', (status, signal) => {
      const done = () => resolve({ script, ok: status === 0, detail: signal ?? `exit ${status}` });
      if (log) log.end(done);
      else done();
    });
  });
}

let results: Result[];
if (sequential) {
  results = [await run('test:unit'), await run('test:e2e')];
} else {
  const unitLog = path.join(mkdtempSync(path.join(tmpdir(), 'portal-unit-')), 'vitest.log');
  console.log(
    `test:unit and test:e2e run side by side; the unit suite's output follows when it ends (${unitLog}).`,
  );
  const unit = run('test:unit', unitLog).then((result) => {
    console.log(`\n==> test:unit output (${result.ok ? 'passed' : `FAILED, ${result.detail}`})\n`);
    process.stdout.write(readFileSync(unitLog));
    console.log('\n==> end of test:unit output\n');
    return result;
  });
  results = await Promise.all([unit, run('test:e2e')]);
}

for (const r of results) console.log(`${r.script}: ${r.ok ? 'passed' : `FAILED (${r.detail})`}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
