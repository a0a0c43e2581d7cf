import type { Messages } from '../types.ts';
import type { common as zh } from '../zh/common.ts';

export const common: Messages<typeof zh> = {
  product: {
    name: 'ChainCompass Academy',
    shortName: 'ChainCompass',
    tagline: 'Digital-asset trading education and strategy signals',
  },
  nav: {
    ariaLabel: 'Main navigation',
    menu: 'Menu',
    tutorials: 'Tutorials',
    trading: 'Trading',
    tradingLive: 'Live trading',
    tradingStrategy: 'Strategy trading',
    tradingStatistics: 'Trading statistics',
    pressure: 'Support & pressure',
    monitoring: 'Monitoring',
    media: 'Media monitoring',
    quant: 'Quantitative',
    tools: 'Tools',
    notices: 'Notices',
  },
  header: {
    signIn: 'Sign in',
    admin: 'Admin console',
    account: 'Account: {{name}}',
    language: 'Language',
    languageNames: {
      zh: '中文',
      en: 'English',
    },
  },
  footer: {
    disclaimerTitle: 'Disclaimer',
    disclaimer:
      'The content on this site comes from the internet and is provided for information and education only. It is not financial, legal, tax or investment advice. Trading digital assets carries a high level of risk; any decision you make based on this content, and all of its consequences, are borne solely by you.',
    copyright: '© {{year}} ChainCompass Academy. All rights reserved.',
  },
  loading: 'Loading…',
  notFound: {
    documentTitle: 'Page not found',
    title: '404',
    subtitle: 'Sorry, the page you are looking for does not exist or has been removed.',
    backHome: 'Back to home',
  },
  loadError: {
    title: 'The data could not be loaded',
    subtitle: 'Check your connection and try again.',
    retry: 'Try again',
  },
  notMember: {
    title: 'You are not a member yet',
    text: 'You are not a member yet: contact customer service to become one.',
    open: 'Non-members can read the tutorials and manage their personal pages.',
    tutorials: 'Browse tutorials',
    account: 'Personal center',
  },
  membershipNotice: {
    reminderTitle: 'Your membership ends soon',
    reminderText_one: 'Your membership ends on {{date}}: {{count}} day left.',
    reminderText_other: 'Your membership ends on {{date}}: {{count}} days left.',
    reminderTextToday: 'Your membership ends today, {{date}}.',
    reminderLoses: 'After that these member sections close:',
    endedTitle: 'Your membership has ended',
    endedText: 'Your membership ended on {{date}}. These member sections are closed to you now:',
    stillOpen: 'The tutorials and your personal pages stay open.',
    renewContact: 'To renew, contact:',
    renewCustomerService: 'To renew, contact customer service.',
    dismiss: 'Got it',
    myMembership: 'My membership',
    tutorials: 'Browse tutorials',
  },
  permissionDenied: {
    title: 'Permission Denied',
    text: 'You do not have permission to open this page.',
  },
  errors: {
    network: 'Could not reach the server: check your connection and try again.',
    invalidResponse: 'The server sent an answer the app cannot read. Please try again later.',
  },
  stepUp: {
    title: 'Confirm with your authenticator',
    text: 'This action needs a code from your authenticator app (the last one was more than {{minutes}} minutes ago).',
    code: 'Code',
    recoveryCode: 'Recovery code',
    useRecovery: 'Use a recovery code instead',
    useCode: 'Use a code instead',
    confirm: 'Confirm',
    cancel: 'Cancel',
  },
  routeError: {
    title: 'This page could not be loaded',
    subtitle: 'The network may be down or the site has been updated. Please reload the page and try again.',
    reload: 'Reload',
  },
};
