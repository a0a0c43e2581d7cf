import type { Locale } from './constants.ts';

// The refusals of a sign-in (spec §5), part of shared/messages.ts, in a module of their own: the sign-in screen
// shows them without downloading every other message.

export const SIGN_IN_MESSAGES = {
  incorrectLogin: { zh: '用户名或密码错误', en: 'Incorrect username or password' },
  accountLocked: { zh: '账户已锁定，请联系管理员', en: 'Account locked, contact the administrator' },
} as const;

export function signInMessage(key: keyof typeof SIGN_IN_MESSAGES, locale: Locale): string {
  return SIGN_IN_MESSAGES[key][locale];
}
