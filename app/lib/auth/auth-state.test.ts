import { describe, expect, it } from 'vitest';
import {
  type AuthSnapshot,
  authReducer,
  failResult,
  INITIAL_AUTH_STATE,
  isSettled,
  pageStep,
  redirectResult,
  singleFlight,
  successResult,
  toAuthUser,
} from './auth-state.ts';

const USER = { sub: 'u1', email: 'a@example.com', name: 'a@example.com', nickname: null };
const SIGNED_IN: AuthSnapshot = { status: 'authenticated', user: USER, settingsFailed: false };
const SIGNED_OUT: AuthSnapshot = { status: 'anonymous', user: null, settingsFailed: false };

describe('authentication state', () => {
  it('starts loading, and settles on what the tab has stored', () => {
    expect(INITIAL_AUTH_STATE.status).toBe('loading');
    expect(isSettled(INITIAL_AUTH_STATE)).toBe(false);
    expect(authReducer(INITIAL_AUTH_STATE, { type: 'restored', user: null, expired: false })).toEqual(
      SIGNED_OUT,
    );
    expect(authReducer(INITIAL_AUTH_STATE, { type: 'restored', user: USER, expired: false })).toEqual(
      SIGNED_IN,
    );
  });

  it('waits for a silent renewal when the stored tokens have expired', () => {
    const renewing = authReducer(INITIAL_AUTH_STATE, { type: 'restored', user: USER, expired: true });
    expect(renewing).toEqual({ status: 'renewing', user: USER, settingsFailed: false });
    expect(isSettled(renewing)).toBe(false);
    expect(authReducer(renewing, { type: 'user-loaded', user: USER })).toEqual(SIGNED_IN);
    expect(authReducer(renewing, { type: 'user-unloaded' })).toEqual(SIGNED_OUT);
  });

  it('signs in and out on the manager events, from any state', () => {
    expect(authReducer(SIGNED_OUT, { type: 'user-loaded', user: USER })).toEqual(SIGNED_IN);
    expect(authReducer(SIGNED_IN, { type: 'user-unloaded' })).toEqual(SIGNED_OUT);
    // Nothing changes when nothing changed: subscribers are not woken for nothing.
    expect(authReducer(SIGNED_OUT, { type: 'user-unloaded' })).toBe(SIGNED_OUT);
  });

  it('keeps a sign-in that finished before start-up read the storage', () => {
    expect(authReducer(SIGNED_IN, { type: 'restored', user: null, expired: false })).toBe(SIGNED_IN);
  });

  it('is signed out when the settings cannot be loaded', () => {
    expect(authReducer(INITIAL_AUTH_STATE, { type: 'settings-failed' })).toEqual({
      status: 'anonymous',
      user: null,
      settingsFailed: true,
    });
  });

  it('reads the ID token claims', () => {
    expect(toAuthUser({ sub: 'u2', email: 'b@example.com', nickname: 'Bo', name: '', extra: 1 })).toEqual({
      sub: 'u2',
      email: 'b@example.com',
      name: null,
      nickname: 'Bo',
    });
  });
});

describe('page steps', () => {
  it('waits on a redirect, navigates on success, shows the error on failure', () => {
    expect(pageStep(redirectResult())).toEqual({ kind: 'wait' });
    expect(pageStep(successResult('/teach'))).toEqual({ kind: 'navigate', to: '/teach' });
    expect(pageStep(failResult('settings', 'HTTP 503'))).toEqual({
      kind: 'error',
      reason: 'settings',
      message: 'HTTP 503',
    });
  });
});

describe('singleFlight', () => {
  it('shares one running task between callers, then runs again', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const task = singleFlight(
      () =>
        new Promise<number>((resolve) => {
          runs++;
          release = () => resolve(runs);
        }),
    );
    const first = task();
    const second = task();
    expect(first).toBe(second);
    release();
    expect(await first).toBe(1);
    const third = task();
    release();
    expect(await third).toBe(2);
    expect(runs).toBe(2);
  });

  it('tells when the run under way is over, failed or not', async () => {
    let fail: (error: Error) => void = () => {};
    const task = singleFlight(
      () =>
        new Promise<string>((_resolve, reject) => {
          fail = reject;
        }),
    );
    await task.idle();
    const running = task().catch((error: Error) => error.message);
    let idle = false;
    const waiting = task.idle().then(() => {
      idle = true;
    });
    await Promise.resolve();
    expect(idle).toBe(false);
    fail(new Error('no answer'));
    await waiting;
    expect(idle).toBe(true);
    expect(await running).toBe('no answer');
  });

  it('lets a failure reach every caller and does not keep it', async () => {
    let fail = true;
    const task = singleFlight(async () => {
      if (fail) throw new Error('refused');
      return 'ok';
    });
    await expect(Promise.all([task(), task()])).rejects.toThrow('refused');
    fail = false;
    await expect(task()).resolves.toBe('ok');
  });
});
