import { describe, expect, it } from 'vitest';
import {
  checkReturnUrl,
  currentReturnUrl,
  forgetReturnUrl,
  InvalidReturnUrlError,
  pendingReturnUrl,
  rememberReturnUrl,
} from './return-url.ts';

const ORIGIN = 'https://portal.example.com';

describe('checkReturnUrl', () => {
  it('accepts paths and absolute URLs of the same origin, giving the in-app path', () => {
    expect(checkReturnUrl('/personal/info', ORIGIN)).toBe('/personal/info');
    expect(checkReturnUrl('/?type=2#top', ORIGIN)).toBe('/?type=2#top');
    expect(checkReturnUrl(`${ORIGIN}/teach?id=3`, ORIGIN)).toBe('/teach?id=3');
    expect(checkReturnUrl('pressure', ORIGIN)).toBe('/pressure');
  });

  it('defaults to the home page', () => {
    expect(checkReturnUrl(null, ORIGIN)).toBe('/');
    expect(checkReturnUrl(undefined, ORIGIN)).toBe('/');
    expect(checkReturnUrl('', ORIGIN)).toBe('/');
  });

  it('raises an error for another origin, however it is written', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/personal',
      '/\\evil.example',
      'http://portal.example.com/',
      'https://portal.example.com:8443/',
      'javascript:alert(1)',
      'data:text/html,hi',
    ]) {
      expect(() => checkReturnUrl(value, ORIGIN), value).toThrow(InvalidReturnUrlError);
    }
  });

  it('never returns to the sign-in or sign-out pages themselves', () => {
    expect(checkReturnUrl('/authentication/logout', ORIGIN)).toBe('/');
    expect(checkReturnUrl('/authentication/login?returnUrl=%2Fteach', ORIGIN)).toBe('/');
    expect(checkReturnUrl('/Account/Login?interaction=abc', ORIGIN)).toBe('/');
    expect(checkReturnUrl('/account/login', ORIGIN)).toBe('/');
    expect(checkReturnUrl('/authentication-guide', ORIGIN)).toBe('/authentication-guide');
  });

  it('builds the return URL of a location', () => {
    expect(currentReturnUrl({ pathname: '/', search: '?type=1', hash: '' })).toBe('/?type=1');
  });
});

describe('pending return URL', () => {
  it('survives a detour through registration or recovery, for a day', () => {
    const now = Date.UTC(2025, 0, 1);
    rememberReturnUrl('/personal/safeset', now);
    expect(pendingReturnUrl(ORIGIN, now + 60_000)).toBe('/personal/safeset');
    expect(pendingReturnUrl(ORIGIN, now + 25 * 60 * 60 * 1000)).toBe('/');
    forgetReturnUrl();
    expect(pendingReturnUrl(ORIGIN, now)).toBe('/');
  });

  it('ignores a stored value that is not a same-origin path', () => {
    const now = Date.now();
    window.localStorage.setItem(
      'auth.pendingReturnUrl',
      JSON.stringify({ url: 'https://evil.example/', at: now }),
    );
    expect(pendingReturnUrl(ORIGIN, now)).toBe('/');
    window.localStorage.setItem('auth.pendingReturnUrl', '{not json');
    expect(pendingReturnUrl(ORIGIN, now)).toBe('/');
  });
});
