// Routes and query parameters of the sign-in and sign-out flows (spec §2 authentication routes, §4 action kinds).

export const LOGIN_ACTIONS = {
  login: 'Login',
  loginCallback: 'LoginCallback',
  loginFailed: 'LoginFailed',
  profile: 'Profile',
  loginManual: 'LoginManual',
} as const;
export type LoginAction = (typeof LOGIN_ACTIONS)[keyof typeof LOGIN_ACTIONS];

export const LOGOUT_ACTIONS = {
  logout: 'Logout',
  logoutCallback: 'LogoutCallback',
  loggedOut: 'LoggedOut',
} as const;
export type LogoutAction = (typeof LOGOUT_ACTIONS)[keyof typeof LOGOUT_ACTIONS];

export const QUERY_PARAMETERS = {
  returnUrl: 'returnUrl',
  message: 'message',
  interaction: 'interaction',
} as const;

const PREFIX = '/authentication';

export const AUTH_PATHS = {
  login: `${PREFIX}/login`,
  loginFailed: `${PREFIX}/login-failed`,
  loginCallback: `${PREFIX}/login-callback`,
  register: `${PREFIX}/register`,
  profile: `${PREFIX}/profile`,
  logout: `${PREFIX}/logout`,
  loggedOut: `${PREFIX}/logged-out`,
  logoutCallback: `${PREFIX}/logout-callback`,
  forgotPassword: `${PREFIX}/forgotpassword`,
  confirmEmail: `${PREFIX}/confirm-email`,
  silentCallback: `${PREFIX}/silent-callback`,
  /** The manual login screen the identity provider sends people to (LoginManual). */
  manualLogin: '/Account/Login',
  /** Where Profile leads. */
  personalInfo: '/personal/info',
} as const;

/** `/authentication/login?returnUrl=…`: the route that runs the sign-in (silent first, then a redirect). */
export function loginPath(returnUrl: string): string {
  return `${AUTH_PATHS.login}?${new URLSearchParams({ [QUERY_PARAMETERS.returnUrl]: returnUrl })}`;
}

/** `/Account/Login`, with the return URL when it is not the home page. */
export function manualLoginPath(returnUrl = '/'): string {
  if (returnUrl === '/') return AUTH_PATHS.manualLogin;
  return `${AUTH_PATHS.manualLogin}?${new URLSearchParams({ [QUERY_PARAMETERS.returnUrl]: returnUrl })}`;
}

/**
 * Navigation state that marks a sign-out as asked for from inside the app. A sign-out link opened from
 * elsewhere (another site, a typed address) asks for confirmation instead of signing out at once.
 */
export const LOCAL_SIGN_OUT_STATE = { local: true } as const;

export function isLocalSignOut(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { local?: unknown }).local === true;
}
