import { beforeEach, describe, expect, it } from 'vitest';
import { forgetInviteCode, pendingInviteCode, rememberInviteCode } from './invite-code.ts';

const DAY = 86_400_000;

describe('the invite code kept in the browser', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps a code from a link for 30 days, in capitals', () => {
    const now = Date.UTC(2025, 0, 1);
    rememberInviteCode(' abcd2345 ', now);
    expect(pendingInviteCode(now)).toBe('ABCD2345');
    expect(pendingInviteCode(now + 30 * DAY)).toBe('ABCD2345');
    expect(pendingInviteCode(now + 30 * DAY + 1)).toBeNull();
    // An expired code is dropped, not kept for later.
    expect(window.localStorage.length).toBe(0);
  });

  it('keeps the last link’s code, ignores what cannot be a code, and forgets', () => {
    rememberInviteCode('ABCD2345');
    rememberInviteCode('WXYZ6789');
    rememberInviteCode('not a code');
    rememberInviteCode('ABCD2340'); // 0 is not in the alphabet
    rememberInviteCode(null);
    expect(pendingInviteCode()).toBe('WXYZ6789');
    forgetInviteCode();
    expect(pendingInviteCode()).toBeNull();
  });

  it('reads a damaged entry as none', () => {
    window.localStorage.setItem('auth.inviteCode', '{broken');
    expect(pendingInviteCode()).toBeNull();
    window.localStorage.setItem('auth.inviteCode', JSON.stringify({ code: 'ABCD2345' }));
    expect(pendingInviteCode()).toBeNull();
  });
});
