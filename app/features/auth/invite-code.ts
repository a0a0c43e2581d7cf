import { INVITE_REMEMBER_DAYS, normalizeInviteCode } from '#shared/invitations.ts';

// The code of an invitation link, kept in the browser until the person registers (they may look around,
// close the tab and come back within INVITE_REMEMBER_DAYS), then sent with the registration.

const KEY = 'auth.inviteCode';
const TTL_MS = INVITE_REMEMBER_DAYS * 24 * 60 * 60 * 1000;

/** Keeps a code from a link (the last link wins); anything that cannot be a code is not kept. */
export function rememberInviteCode(raw: string | null, now = Date.now()): void {
  const code = normalizeInviteCode(raw);
  if (!code) return;
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ code, at: now }));
  } catch {
    // Without storage the code still applies while the register page stays open.
  }
}

/** The kept code, unless it is older than INVITE_REMEMBER_DAYS. */
export function pendingInviteCode(now = Date.now()): string | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as { code?: unknown; at?: unknown };
    const code = typeof saved.code === 'string' ? normalizeInviteCode(saved.code) : null;
    if (!code || typeof saved.at !== 'number' || now - saved.at > TTL_MS || saved.at > now + TTL_MS) {
      window.localStorage.removeItem(KEY);
      return null;
    }
    return code;
  } catch {
    return null;
  }
}

export function forgetInviteCode(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
