import { AUTH_PATHS } from './auth-paths.ts';

/** Spec §4: the return URL must have the same origin as the page, otherwise an error is raised. */
export class InvalidReturnUrlError extends Error {
  override name = 'InvalidReturnUrlError';
  readonly returnUrl: string;
  constructor(returnUrl: string) {
    super('Invalid return URL: it must have the same origin as the current page.');
    this.returnUrl = returnUrl;
  }
}

const AUTH_PREFIXES = ['/authentication/', AUTH_PATHS.manualLogin.toLowerCase()];

/**
 * Checks a return URL and gives the in-app path to go to. Relative paths and absolute URLs of the page's
 * origin are accepted; another origin (including `//host`, `/\host` and `javascript:`) throws. The sign-in
 * and sign-out pages themselves lead home instead, so that finishing a sign-in never restarts one (or signs
 * the person out again).
 */
export function checkReturnUrl(value: string | null | undefined, origin: string): string {
  if (!value) return '/';
  let url: URL;
  try {
    url = new URL(value, `${origin}/`);
  } catch {
    throw new InvalidReturnUrlError(value);
  }
  if (url.origin !== origin) throw new InvalidReturnUrlError(value);
  const lower = url.pathname.toLowerCase();
  if (AUTH_PREFIXES.some((prefix) => lower === prefix.replace(/\/$/, '') || lower.startsWith(prefix))) {
    return '/';
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The current location as a return URL (path, query and fragment). */
export function currentReturnUrl(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

// Where a person was going survives registration, e-mail confirmation and password reset, which happen
// outside the sign-in flow (often in a tab opened from the mail): the confirmation and reset pages offer
// to sign in and return there.
const PENDING_KEY = 'auth.pendingReturnUrl';
const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

export function rememberReturnUrl(returnUrl: string, now = Date.now()): void {
  try {
    window.localStorage.setItem(PENDING_KEY, JSON.stringify({ url: returnUrl, at: now }));
  } catch {
    // Without storage the person simply lands on the home page after those detours.
  }
}

export function pendingReturnUrl(origin: string, now = Date.now()): string {
  try {
    const raw = window.localStorage.getItem(PENDING_KEY);
    if (!raw) return '/';
    const saved = JSON.parse(raw) as { url?: unknown; at?: unknown };
    if (typeof saved.url !== 'string' || typeof saved.at !== 'number' || now - saved.at > PENDING_TTL_MS) {
      return '/';
    }
    return checkReturnUrl(saved.url, origin);
  } catch {
    return '/';
  }
}

export function forgetReturnUrl(): void {
  try {
    window.localStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing to forget.
  }
}

// The `message` of /Account/Login is shown once the provider brings the person back with an interaction.
const MESSAGE_KEY = 'auth.loginMessage';

export function keepLoginMessage(message: string): void {
  try {
    window.sessionStorage.setItem(MESSAGE_KEY, message);
  } catch {
    // The message is informative only.
  }
}

export function peekLoginMessage(): string | null {
  try {
    return window.sessionStorage.getItem(MESSAGE_KEY);
  } catch {
    return null;
  }
}

export function forgetLoginMessage(): void {
  try {
    window.sessionStorage.removeItem(MESSAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
