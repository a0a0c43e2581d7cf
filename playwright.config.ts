import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN_TOTP_SECRET } from './e2e/support/authenticator.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  CAPTCHA_CODE,
  EVM_RPC_URL,
  EXCHANGE_CONTROL_URL,
  EXCHANGE_URL,
  IMAGE_SITE_URL,
  MAIL_API_URL,
  MEMBERSHIP_CONTACT,
  MONITORING_CONTROL_URL,
  PORTAL_PORT,
  PORTAL_URL,
  SMTP_PORT,
  WATCHED_TOKEN,
} from './e2e/support/env.ts';
import { IMAGE_SERVER_ENV } from './server/test/image-server.ts';

// The e2e suite runs the real server (built web app, fresh SQLite data folder) with its mail going to a
// local SMTP sink, images "from another site" coming from a local https image site and every Binance host
// pointing at a fake exchange (its trader sync worker on), and Debian's Chromium.
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));

// Debian's Chromium: its headless shell (package chromium-headless-shell, the same Blink without the
// browser's window machinery) when installed, about a quarter quicker and lighter on the CPU for the
// journeys; else the browser itself. CHROMIUM_PATH picks another.
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Two files at a time, each test of a file in order: the journeys share one portal (each makes its own
  // accounts and data), so they may run side by side; E2E_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_REPORT }]]
    : [['list']],
  use: {
    baseURL: PORTAL_URL,
    locale: 'zh-CN',
    // As people who ask their system for less motion: antd and the notice bar stop animating, so a click never
    // lands mid-motion and the browser does not repaint an endless marquee (shell.spec.ts checks both settings).
    reducedMotion: 'reduce',
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot; the trace's
    // own screencast is off: encoding a frame for every paint was about half of the journeys' CPU, mostly in
    // the browser process (docs/operations.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        // The compositor in the browser process rather than a GPU process of its own (software only here):
        // about 15 % less CPU for the same journeys, measured in docs/operations.md.
        '--in-process-gpu',
        // Less work in every renderer for pages that live a few seconds: no optimizing compiler (Ignition,
        // Sparkplug and Maglev still run), no paint held back for the first frame, no back-forward cache,
        // no antialiased layer edges, and none of the browser's own features these pages never use: about 9 %
        // less CPU on the two heaviest files run alone, not seen in the whole suite (docs/decisions.md).
        '--js-flags=--no-opt',
        '--disable-features=PaintHolding,BackForwardCache,Translate,OptimizationHints,MediaRouter,AcceptCHFrame',
        '--disable-composited-antialiasing',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node e2e/support/mail-sink.ts',
      url: `${MAIL_API_URL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node e2e/support/image-site.ts',
      url: `${IMAGE_SITE_URL}/photo.png`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The fake Binance USDⓈ-M exchange, scripted by the journeys (e2e/support/exchange.ts).
      command: 'node e2e/support/exchange-fake.ts',
      url: `${EXCHANGE_CONTROL_URL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // News feeds and an EVM chain for the monitoring sections, scripted by the journeys (e2e/support/monitoring.ts).
      command: 'node e2e/support/monitoring-fakes.ts',
      url: `${MONITORING_CONTROL_URL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node server/main.ts',
      url: `${PORTAL_URL}/api/Management/Health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORTAL_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'ChainCompass Academy <no-reply@e2e.test>',
        CAPTCHA_TEST_CODE: CAPTCHA_CODE,
        ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL_SECONDS),
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        // The administrator signs in with two factors; the journeys compute its codes (support/authenticator.ts).
        ADMIN_TOTP_SECRET,
        // The journeys sign in some twenty times a minute from one address; the limit is not what they test.
        AUTH_RATE_LIMIT: '120',
        // Images pasted from "another site" are copied from the local image site above.
        ...IMAGE_SERVER_ENV,
        // Trader keys are checked and followed at the fake exchange above, never at Binance; the sync worker
        // (off by default under NODE_ENV=test) follows every key that passed its check, as in production.
        EXCHANGE_TEST_BASE_URL: EXCHANGE_URL,
        TRADER_SYNC: 'true',
        // Crossing alerts of watched level sets, at the fake exchange's prices (a journey moves them).
        LEVEL_WATCH: 'true',
        // Media monitoring reads the local news site; the on-chain watcher follows the local chain (USDT
        // transfers from 1 million dollars queued for review, from 50 million published).
        MEDIA_POLL: 'true',
        FEED_FETCH_ALLOW_LOOPBACK: 'true',
        ONCHAIN_WATCH: JSON.stringify({
          chains: [
            {
              chain: 'ethereum',
              rpcUrl: EVM_RPC_URL,
              confirmations: 2,
              pollSeconds: 1,
              queueAboveUsd: 1_000_000,
              publishAboveUsd: 50_000_000,
              tokens: [{ ...WATCHED_TOKEN, usdPrice: 1 }],
            },
          ],
        }),
        ONCHAIN_WATCH_RUN: 'true',
        // Membership expiry reminders (off by default under NODE_ENV=test): an admin's change of a membership
        // nudges the sweep, so a journey's member near expiry gets the reminder mail at once.
        MEMBERSHIP_REMINDERS: 'true',
        MEMBERSHIP_CONTACT: MEMBERSHIP_CONTACT,
      },
    },
  ],
});
