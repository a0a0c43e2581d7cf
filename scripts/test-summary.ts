import { existsSync, readFileSync } from 'node:fs';

// Adds up the JSON reports of vitest and Playwright into one closing line: "N passed, N failed".
// A missing report means that runner did not finish, which counts as a failure.

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  /** Includes files whose setup (beforeAll, imports) failed before any of their tests ran. */
  numFailedTestSuites?: number;
  numPendingTests: number;
  numTodoTests: number;
};
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };

const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
let missing = false;

if (vitestFile && existsSync(vitestFile)) {
  const r = JSON.parse(readFileSync(vitestFile, 'utf8')) as VitestReport;
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  // A suite whose setup failed runs no test: no test fails, yet the run has failed.
  const failedSuites = r.numFailedTestSuites ?? 0;
  if (failedSuites > 0 && r.numFailedTests === 0) failed += failedSuites;
  console.log(
    `vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed${failedSuites ? ` (${failedSuites} suites failed)` : ''}`,
  );
} else {
  console.log('vitest: no report (the run did not finish)');
  missing = true;
}

if (playwrightFile && existsSync(playwrightFile)) {
  const { stats } = JSON.parse(readFileSync(playwrightFile, 'utf8')) as PlaywrightReport;
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
  console.log(`playwright: ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed`);
} else {
  console.log('playwright: no report (the run did not finish)');
  missing = true;
}

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing || passed === 0 ? 1 : 0);
