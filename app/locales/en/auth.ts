import type { Messages } from '../types.ts';
import type { auth as zh } from '../zh/auth.ts';

export const auth: Messages<typeof zh> = {
  fields: {
    email: 'E-mail',
    password: 'Password',
    captcha: 'Graphic captcha',
    newPassword: 'New password',
    confirm: 'Confirm password',
    resetCode: 'Reset code',
  },
  backToLogin: 'Back to sign in',
  carousel: {
    lessons: {
      eyebrow: 'STRUCTURED LEARNING',
      title: 'Learn to trade, step by step',
      text: 'Reviewed tutorials organised by category, from market basics to technical analysis and risk management, ready whenever you are.',
    },
    signals: {
      eyebrow: 'REAL-TIME SIGNALS',
      title: "Traders' strategies, the moment they are posted",
      text: 'Subscribe to the traders you follow: new strategies and system messages arrive in real time with a chime, so you never miss a key moment.',
    },
    monitoring: {
      eyebrow: 'MARKET MONITORING',
      title: 'On-chain moves and market news at a glance',
      text: 'Follow large transfers and exchange flows, read the news that may move the market, with support and pressure levels for reference.',
    },
  },
  captcha: {
    refresh: 'Show a new captcha image',
    alt: 'Captcha image: type the {{count}} characters it shows',
    failed: 'The captcha image did not load',
    renewed: 'A new captcha image is shown',
  },
  login: {
    title: 'Welcome back',
    subtitle: 'Sign in to ChainCompass Academy to keep learning and see the strategies you follow.',
    rememberMe: 'Remember me',
    forgot: 'Forgot password?',
    submit: 'Sign in',
    noAccount: 'No account yet?',
    register: 'Register',
    restarting: 'The sign-in page has expired; starting the sign-in again…',
  },
  twoFactor: {
    title: 'Two-factor sign-in',
    prompt: 'Enter the 6-digit code your authenticator app shows.',
    recoveryPrompt: 'Enter one of the recovery codes you saved (each works once).',
    code: 'Code',
    recoveryCode: 'Recovery code',
    submit: 'Verify',
    useRecovery: 'Use a recovery code instead',
    useCode: 'Use a code instead',
    back: 'Back to the sign-in',
    incorrect: 'The code is incorrect, expired or already used',
  },
  register: {
    title: 'Create your account',
    subtitle: 'After registering, confirm your e-mail with the link we send you, then sign in.',
    passwordHint: '{{min}} to {{max}} characters',
    agreeTerms: 'I have read and agree to the ',
    termsLink: 'Terms of Use',
    notRestricted: 'I confirm that I am not a resident of a ',
    regionsLink: 'restricted region',
    submit: 'Register',
    haveAccount: 'Already have an account?',
    confirmNeeded: 'Email Confirm Needed',
    checkMail:
      'If {{email}} can be registered, we have sent it a confirmation e-mail. Open the link in it within 24 hours to confirm your address, then come back to sign in.',
  },
  forgot: {
    title: 'Reset your password',
    subtitle:
      'Enter the e-mail you registered with and we will send you a reset code and a link to set a new password.',
    submit: 'Send reset code',
    sentButton: 'Reset code sent',
    sent: 'If {{email}} is registered, a reset code has been sent to it.',
    sentHint:
      'Check your inbox and open the link in the e-mail within 30 minutes to set a new password. Nothing there? Look in your spam folder.',
  },
  reset: {
    title: 'Set a new password',
    subtitle: 'Choose a new password. Once it is reset, you are signed out on every device.',
    submit: 'Reset password',
    done: 'Password reset: return to sign in',
  },
  legal: {
    close: 'I have read it',
  },
  signIn: {
    starting: 'Taking you to sign in…',
    completing: 'Completing sign-in…',
    failedTitle: 'Sign-in failed',
    failedUnknown: 'Something went wrong while signing in. Please try again.',
    retry: 'Sign in again',
  },
  signOut: {
    confirmTitle: 'Do you want to sign out?',
    confirmText:
      'After signing out you need to sign in again to see members-only content and your personal pages.',
    confirm: 'Sign out',
    stay: 'Stay signed in',
    inProgress: 'Signing you out…',
    failedTitle: 'Sign-out failed',
    done: 'You successfully logged out!',
    doneText: 'Thank you for visiting. We look forward to seeing you again.',
    signInAgain: 'Sign in again',
  },
  confirm: {
    inProgress: 'Confirming your e-mail…',
    confirmedTitle: 'E-mail confirmed',
    confirmedText: 'Your account is active: you can sign in now.',
    changedTitle: 'E-mail changed',
    changedText: 'Your account now uses the new address: sign in with it from now on.',
    failedTitle: 'The e-mail could not be confirmed',
    signIn: 'Sign in',
    toAccount: 'View account info',
  },
  errors: {
    settings: 'Could not load settings',
    invalidReturnUrl: 'Invalid return URL: it must have the same origin as this site.',
  },
};
