import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// `npm test`: the unit/API suite and the browser journeys. Both always run, so a unit failure cannot hide
// the journeys, and the exit status fails if either failed.
//
// They run side by side: the journeys spend much of their time waiting (on the browser, on the portal's
// timers and pushes), and vitest fills those gaps, so the whole suite takes about the journeys' time rather
// than the sum of both. The journeys print as they go; vitest's lines are kept in a file and printed whole
// when it ends, so neither runner's lines, nor its summary, are cut into the other's.
// TEST_SEQUENTIAL=1 runs vitest and then the journeys, each printing as it goes.

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const sequential = process.env.TEST_SEQUENTIAL === '1';

type Result = { script: string; ok: boolean; detail: string };

/** Runs an npm script; with `logFile`, its output goes there instead of this process's. */
function run(script: string, logFile?: string): Promise<Result> {
  return new Promise((resolve) => {
    const log = logFile ? openSync(logFile, 'w') : undefined;
    const child = spawn(npm, ['run', script], {
      stdio: log === undefined ? 'inherit' : ['ignore', log, log],
    });
    const done = (result: Result) => {
      if (log !== undefined) closeSync(log);
      resolve(result);
    };
    child.on('error', (error) => done({ script, ok: false, detail: error.message }));
    child.on('close', (status, signal) =>
      done({ script, ok: status === 0, detail: signal ?? `exit ${status}` }),
    );
  });
}

let results: Result[];
if (sequential) {
  results = [await run('test:unit'), await run('test:e2e')];
} else {
  // The web app is built before either starts: the server tests' apps serve dist/app by default, and the
  // build empties it first.
  const build = spawnSync(process.execPath, ['scripts/ensure-build.ts'], { stdio: 'inherit' });
  if (build.status !== 0)
    console.log(`the web app's build failed (exit ${build.status}); the journeys will say so`);
  const unitLog = path.join(mkdtempSync(path.join(tmpdir(), 'portal-test-')), 'vitest.log');
  console.log(`test:unit runs beside the journeys; its lines follow when it ends (${unitLog}).`);
  const unit = run('test:unit', unitLog).then((result) => {
    process.stdout.write(
      `\n${'─'.repeat(30)} test:unit (${result.ok ? 'passed' : 'failed'}) ${'─'.repeat(30)}\n`,
    );
    process.stdout.write(readFileSync(unitLog, 'utf8'));
    process.stdout.write(`${'─'.repeat(30)} end of test:unit ${'─'.repeat(30)}\n\n`);
    return result;
  });
  results = await Promise.all([unit, run('test:e2e')]);
}

for (const r of results) console.log(`${r.script}: ${r.ok ? 'passed' : `FAILED (${r.detail})`}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
