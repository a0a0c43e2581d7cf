import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';
import {
  FIRST_LOAD_BAR_BYTES,
  FIRST_LOAD_GOAL_BYTES,
  FIRST_LOAD_PAGES,
  type FirstLoad,
  measureFirstLoad,
  signInForMeasure,
} from '../e2e/support/first-load.ts';
import { createUser, TEST_PASSWORD } from '../server/test/factories.ts';
import { TEST_CAPTCHA } from '../server/test/sign-in.ts';
import { freePort, median, ROOT, serverDatabase, startProcess, stopProcess, tempDataDir } from './harness.ts';
import { startPortal } from './portal.ts';

// The first visit as a member's phone pays for it: JavaScript bytes on the wire for the first load of each
// page of FIRST_LOAD_PAGES (Chromium, DevTools protocol, cache emptied), and the first contentful paint of
// the home page against a blank Vite + React + antd page built and served the same way (the portal's
// web-app plugin, precompressed files), measured in the same run, loads alternating.

const FCP_LOADS = Number(process.env.BENCH_FCP_LOADS ?? 7);
const FCP_GOAL = 1.3;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function build(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vite'), args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`vite ${args.join(' ')} failed`);
}

export async function runFirstLoadBench(): Promise<{ pass: boolean }> {
  // The portal's web app as `npm start` builds it, and the blank page beside it.
  build(['build', '--logLevel', 'warn']);
  const blankRoot = tempDataDir();
  build(['build', '-c', 'bench/blank-app/vite.config.ts'], { BLANK_OUT_DIR: blankRoot });

  let memberEmail = '';
  const database = await serverDatabase('sqlite', undefined, async ({ db }) => {
    memberEmail = (await createUser(db, { roles: ['StandardUser'], memberDays: 30 })).email;
  });
  const portal = await startPortal({ database, exchangeUrl: 'http://127.0.0.1:9' });
  const blankPort = await freePort();
  const blankBase = `http://127.0.0.1:${blankPort}`;
  const blank = await startProcess(
    'bench/static-site-server.ts',
    { PORT: String(blankPort), WEB_ROOT: blankRoot },
    `${blankBase}/`,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  let pass = true;
  try {
    console.log(`  JavaScript on the wire, first load (goal <= ${kb(FIRST_LOAD_GOAL_BYTES)}):`);
    for (const page of FIRST_LOAD_PAGES) {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
      const tab = await context.newPage();
      if (page.member) await signInForMeasure(tab, portal.base, memberEmail, TEST_PASSWORD, TEST_CAPTCHA);
      const load = await measureFirstLoad(tab, `${portal.base}${page.path}`, page.arrivesAt);
      await context.close();
      const met = load.scriptBytes <= FIRST_LOAD_GOAL_BYTES;
      pass &&= met;
      console.log(
        `    ${page.path.padEnd(16)} ${page.member ? 'member   ' : 'anonymous'} ${kb(load.scriptBytes).padStart(9)} in ${load.scripts.length} files ${met ? 'PASS' : 'BELOW TARGET'}${load.scriptBytes > FIRST_LOAD_BAR_BYTES ? ' (above the CI bar)' : ''}`,
      );
      if (process.env.BENCH_VERBOSE)
        for (const script of load.scripts.sort((a, b) => b.bytes - a.bytes))
          console.log(`        ${kb(script.bytes).padStart(9)} ${script.encoding.padEnd(8)} ${script.url}`);
    }

    // First contentful paint: the home page against the blank page, alternating, fresh context each time.
    const portalFcp: number[] = [];
    const blankFcp: number[] = [];
    const once = async (url: string): Promise<FirstLoad> => {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
      try {
        return await measureFirstLoad(await context.newPage(), url);
      } finally {
        await context.close();
      }
    };
    await once(`${portal.base}/`);
    const blankLoad = await once(`${blankBase}/`);
    console.log(
      `    (the blank Vite + React + antd page: ${kb(blankLoad.scriptBytes)} in ${blankLoad.scripts.length} files)`,
    );
    for (let i = 0; i < FCP_LOADS; i++) {
      portalFcp.push((await once(`${portal.base}/`)).fcpMs);
      blankFcp.push((await once(`${blankBase}/`)).fcpMs);
    }
    const ratio = median(portalFcp) / median(blankFcp);
    const met = ratio <= FCP_GOAL;
    pass &&= met;
    console.log(
      `  first contentful paint of /, median of ${FCP_LOADS}: portal ${median(portalFcp).toFixed(0)} ms vs blank Vite + React + antd page ${median(blankFcp).toFixed(0)} ms, ratio ${ratio.toFixed(2)} (goal <= ${FCP_GOAL}) ${met ? 'PASS' : 'BELOW TARGET'}`,
    );
    console.log(`first load: ${pass ? 'PASS' : 'BELOW TARGET'}`);
    return { pass };
  } finally {
    await browser.close();
    await stopProcess(blank);
    await portal.close();
    await database.dispose();
  }
}

if (import.meta.main) {
  await runFirstLoadBench();
  process.exit(0);
}
