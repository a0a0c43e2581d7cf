import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = path.join(import.meta.dirname, 'test-summary.ts');
const folders: string[] = [];
afterEach(() => {
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true });
});

function summarize(
  vitest: object,
  playwright = { stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 } },
) {
  const folder = mkdtempSync(path.join(tmpdir(), 'summary-'));
  folders.push(folder);
  writeFileSync(path.join(folder, 'vitest.json'), JSON.stringify(vitest));
  writeFileSync(path.join(folder, 'playwright.json'), JSON.stringify(playwright));
  const run = spawnSync(
    process.execPath,
    [SCRIPT, path.join(folder, 'vitest.json'), path.join(folder, 'playwright.json')],
    { encoding: 'utf8' },
  );
  return { status: run.status, lines: run.stdout.trim().split('\n') };
}

const vitest = { numPassedTests: 10, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0 };

describe('the test summary', () => {
  it('adds both runners up and passes when nothing failed', () => {
    const { status, lines } = summarize({ ...vitest, numFailedTestSuites: 0 });
    expect(lines).toEqual([
      'vitest: 10 passed, 0 failed',
      'playwright: 3 passed, 0 failed',
      '13 passed, 0 failed, 1 skipped',
    ]);
    expect(status).toBe(0);
  });

  it('fails and says so when a suite failed before any of its tests ran', () => {
    const { status, lines } = summarize({ ...vitest, numFailedTestSuites: 2 });
    expect(lines[0]).toBe('vitest: 10 passed, 0 failed (2 suites failed)');
    expect(lines[2]).toBe('13 passed, 2 failed, 1 skipped');
    expect(status).toBe(1);
  });

  it('counts failed tests, not the suites around them', () => {
    const { status, lines } = summarize({ ...vitest, numFailedTests: 1, numFailedTestSuites: 2 });
    expect(lines[2]).toBe('13 passed, 1 failed, 1 skipped');
    expect(status).toBe(1);
  });
});
