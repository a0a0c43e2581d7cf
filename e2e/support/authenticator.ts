import { closeSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstAdminAuthenticator, totpCode, totpStep } from '../../server/test/two-factor.ts';
import { ADMIN_EMAIL, PORTAL_PORT } from './env.ts';

// The journeys' authenticator app. The first administrator's codes come from ADMIN_TOTP_SECRET; an account
// a journey sets up remembers its secret here. A code is good once and the journeys run in two worker
// processes, so the last step used per account is kept in a small file the workers take turns on.

const STATE = path.join(tmpdir(), `portal-e2e-authenticator-${PORTAL_PORT}.json`);
const LOCK = `${STATE}.lock`;
/** Held from taking a code until the portal has answered it. */
const TURN = `${STATE}.turn`;
/** A code of the step before now is still accepted; used only while its step has this long to run. */
const PREVIOUS_STEP_MARGIN_MS = 5_000;

const secrets = new Map<string, string>();

/** ADMIN_TOTP_SECRET of the journeys' portal (playwright.config.ts): the same for the same address. */
export const ADMIN_TOTP_SECRET = firstAdminAuthenticator(ADMIN_EMAIL).ADMIN_TOTP_SECRET;
secrets.set(ADMIN_EMAIL.toLowerCase(), ADMIN_TOTP_SECRET);

export function rememberSecret(email: string, secret: string): void {
  secrets.set(email.toLowerCase(), secret);
}

async function withLock<T>(work: () => T): Promise<T> {
  for (;;) {
    try {
      closeSync(openSync(LOCK, 'wx'));
      break;
    } catch {
      // A worker that died holding the lock: its lock goes after a few seconds.
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > 5_000) rmSync(LOCK, { force: true });
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

/**
 * Types a code and waits for the portal's answer while no other worker takes one: codes must reach the
 * portal in the order their steps were given (it accepts only a step later than the last it accepted).
 */
export async function withAuthenticatorCode(
  email: string,
  send: (code: string) => Promise<void>,
): Promise<void> {
  for (;;) {
    try {
      closeSync(openSync(TURN, 'wx'));
      break;
    } catch {
      try {
        if (Date.now() - statSync(TURN).mtimeMs > 90_000) rmSync(TURN, { force: true });
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    await send(await authenticatorCode(email));
  } finally {
    rmSync(TURN, { force: true });
  }
}

/** The next code of the account's authenticator that the portal has not accepted yet (waits for one). */
export async function authenticatorCode(email: string): Promise<string> {
  const secret = secrets.get(email.toLowerCase());
  if (!secret) throw new Error(`no authenticator is known for ${email}`);
  for (;;) {
    const code = await withLock(() => {
      let used: Record<string, number> = {};
      try {
        used = JSON.parse(readFileSync(STATE, 'utf8')) as Record<string, number>;
      } catch {}
      const now = Date.now();
      const current = totpStep(now);
      const intoStep = now % 30_000;
      const earliest = intoStep < 30_000 - PREVIOUS_STEP_MARGIN_MS ? current - 1 : current;
      const step = Math.max(earliest, (used[email.toLowerCase()] ?? 0) + 1);
      if (step > current + 1) return undefined;
      used[email.toLowerCase()] = step;
      writeFileSync(STATE, JSON.stringify(used));
      return totpCode(secret, step);
    });
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
