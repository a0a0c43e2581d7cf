import { spawnSync } from 'node:child_process';

// `npm test`: the unit/API suite, then the browser journeys — both always run, so a unit failure cannot
// hide the journeys. Each runner prints its own summary; the exit status fails if either failed.

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = ['test:unit', 'test:e2e'].map((script) => {
  const { status, signal } = spawnSync(npm, ['run', script], { stdio: 'inherit' });
  return { script, ok: status === 0, detail: signal ?? `exit ${status}` };
});

for (const r of results) console.log(`${r.script}: ${r.ok ? 'passed' : `FAILED (${r.detail})`}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
