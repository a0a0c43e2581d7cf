import { expect, type Locator, type Page } from '@playwright/test';

// Every screen of the portal that the accessibility journey (e2e/accessibility.spec.ts) checks with axe, in
// Chinese and in English, as the kind of person who sees it. To audit a new page, add an entry here: its
// path, who opens it, what shows once it has loaded and, for a dialog, drawer or tab, how it is opened.
// Entries are visited in this order per person: the first page is loaded, the next ones are shown by the
// app's router (a new load when two entries in a row wait for the same test id, which could still be the
// previous page's); consecutive entries on the same path share the page, and what an entry opens is closed
// with Escape before the next.

/** Who looks at the page: a signed-out visitor, a signed-in person without a role, a member, an admin. */
export type Viewer = 'visitor' | 'nonMember' | 'member' | 'admin';

/** Records the journey creates before looking, for pages that show one record. */
export interface Seed {
  /** A published tutorial. */
  articleId: number;
  /** A quantitative strategy. */
  quantId: number;
  /** A support/pressure level set. */
  levelSetId: number;
  /** A trading strategy post. */
  advisoryId: number;
  /** The member's user id (the admin's user detail page shows it). */
  memberUserId: string;
}

export interface AuditedView {
  /** How failures name it. */
  name: string;
  viewer: Viewer;
  path: string | ((seed: Seed) => string);
  /** The test id of what shows once the page has loaded (one of them, when several may). */
  ready: string | readonly string[];
  /**
   * Brings up what is audited on top of the loaded page (a dialog, a drawer, a tab, a menu) and waits until
   * it shows; the page is loaded afresh for the next entry.
   */
  open?: (page: Page) => Promise<void>;
  /** A page the server renders itself (the identity provider's), loaded rather than routed to. */
  serverPage?: boolean;
}

/** Where antd draws what opens over a page: dialogs, drawers, pop-confirms, menus. */
export const OPENED_LAYERS = '.ant-modal-root, .ant-drawer, .ant-popover, .ant-dropdown';

/** The dialog or drawer on top. */
export const openDialog = (page: Page): Locator => page.getByRole('dialog').last();

/** Clicks the opener (a test id) and waits for the dialog or drawer it opens. */
const dialogFrom =
  (opener: string) =>
  async (page: Page): Promise<void> => {
    await page.getByTestId(opener).first().click();
    await expect(openDialog(page)).toBeVisible();
  };
export const AUDITED_VIEWS: readonly AuditedView[] = [
  // --- Signed out: the public pages, the identity screens, the error pages. ---
  { name: 'home', viewer: 'visitor', path: '/', ready: 'home-page' },
  { name: 'tutorials', viewer: 'visitor', path: '/teach', ready: 'teach-list' },
  {
    name: 'tutorial',
    viewer: 'visitor',
    path: (s) => `/teach-detail?id=${s.articleId}`,
    ready: 'teach-detail',
  },
  { name: 'tutorial without id', viewer: 'visitor', path: '/teach-detail', ready: 'teach-detail-missing' },
  { name: 'sign-in', viewer: 'visitor', path: '/Account/Login', ready: 'login-form' },
  { name: 'registration', viewer: 'visitor', path: '/authentication/register', ready: 'register-form' },
  {
    name: 'terms of use',
    viewer: 'visitor',
    path: '/authentication/register',
    ready: 'register-form',
    open: dialogFrom('open-terms'),
  },
  {
    name: 'password recovery',
    viewer: 'visitor',
    path: '/authentication/forgotpassword',
    ready: 'forgot-form',
  },
  {
    name: 'new password',
    viewer: 'visitor',
    path: '/authentication/forgotpassword?code=abc&userId=someone',
    ready: 'reset-form',
  },
  {
    name: 'e-mail confirmation',
    viewer: 'visitor',
    path: '/authentication/confirm-email?userId=someone&code=abc',
    ready: 'confirm-email-error',
  },
  {
    name: 'sign-in failed',
    viewer: 'visitor',
    path: '/authentication/login-failed?message=denied',
    ready: 'sign-in-retry',
  },
  { name: 'signed out', viewer: 'visitor', path: '/authentication/logged-out', ready: 'auth-layout' },
  // A sign-out link from outside the app asks first.
  {
    name: 'sign-out confirmation',
    viewer: 'visitor',
    path: '/authentication/logout',
    ready: 'sign-out-confirm',
  },
  { name: '404', viewer: 'visitor', path: '/no-such-page', ready: 'not-found' },

  // --- Signed in without a role: members-only sections show the notice, the personal pages work. ---
  { name: 'not a member (section)', viewer: 'nonMember', path: '/pressure', ready: 'not-member-notice' },
  { name: 'not a member (trading)', viewer: 'nonMember', path: '/?type=2', ready: 'not-member-notice' },
  // The identity provider asks too when a sign-out request does not prove who sent it (its own page).
  {
    name: 'identity provider: sign-out confirmation',
    viewer: 'nonMember',
    path: '/oidc/session/end',
    ready: 'oidc-logout-confirm',
    serverPage: true,
  },
  { name: '403 (back office)', viewer: 'nonMember', path: '/admin/account/list', ready: 'permission-denied' },
  {
    name: 'not a member (engagement)',
    viewer: 'nonMember',
    path: '/personal/engagement',
    ready: 'not-member-notice',
  },

  // --- A member: the members-only sections and every personal page. ---
  { name: 'live trading', viewer: 'member', path: '/?type=1', ready: ['live-page', 'no-traders'] },
  {
    name: 'strategy trading',
    viewer: 'member',
    path: '/?type=2',
    ready: 'advisory-feed',
  },
  {
    name: 'trading statistics',
    viewer: 'member',
    path: '/?type=3',
    ready: ['statistics-page', 'no-traders'],
  },
  { name: 'support and pressure', viewer: 'member', path: '/pressure', ready: 'pressure-page' },
  { name: 'quant strategies', viewer: 'member', path: '/strategy', ready: 'quant-page' },
  { name: 'quant strategy', viewer: 'member', path: (s) => `/strategy/${s.quantId}`, ready: 'quant-detail' },
  ...(
    [
      ['pnl', 'pnl-form'],
      ['liquidation', 'liquidation-form'],
      ['positionSize', 'position-form'],
      ['averageEntry', 'average-form'],
      ['funding', 'funding-form'],
      ['compound', 'compound-form'],
      ['riskReward', 'risk-reward-form'],
    ] as const
  ).map(
    ([calculator, form]): AuditedView => ({
      name: `tools: ${calculator}`,
      viewer: 'member',
      path: `/tool?calc=${calculator}`,
      ready: form,
    }),
  ),
  { name: 'media monitoring', viewer: 'member', path: '/media', ready: 'media-page' },
  { name: 'on-chain monitoring', viewer: 'member', path: '/monitoring', ready: 'onchain-page' },
  { name: 'notices', viewer: 'member', path: '/notice', ready: 'notices-page' },
  {
    name: 'rolling notice opened',
    viewer: 'member',
    path: '/notice',
    ready: 'rolling-notice-bar',
    open: async (page) => {
      await page.getByTestId('rolling-notice-item').first().click();
      await expect(openDialog(page)).toBeVisible();
    },
  },
  { name: 'account info', viewer: 'member', path: '/personal/info', ready: 'personal-info' },
  { name: 'edit profile', viewer: 'member', path: '/personal/edit', ready: 'profile-form' },
  { name: 'security settings', viewer: 'member', path: '/personal/safeset', ready: 'security-settings' },
  {
    name: 'security settings: two-factor set-up',
    viewer: 'member',
    path: '/personal/safeset',
    ready: 'security-settings',
    open: dialogFrom('two-factor-set-up'),
  },
  { name: 'engagement', viewer: 'member', path: '/personal/engagement', ready: 'engagement-page' },
  {
    name: 'subscriptions',
    viewer: 'member',
    path: '/personal/subscribe',
    ready: ['subscribe-list', 'subscribe-empty'],
  },
  { name: 'my articles', viewer: 'member', path: '/personal/article', ready: 'my-articles' },
  { name: 'publish an article', viewer: 'member', path: '/personal/article/add', ready: 'article-form' },
  { name: 'invitations', viewer: 'member', path: '/personal/invitation', ready: 'invitation-page' },
  { name: 'personal 404', viewer: 'member', path: '/personal/nothing', ready: 'not-found' },
  {
    name: 'user menu',
    viewer: 'member',
    path: '/personal/info',
    ready: 'personal-info',
    open: async (page) => {
      await page.getByTestId('user-menu').click();
      await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toBeVisible();
    },
  },

  // --- The back office. ---
  { name: 'users', viewer: 'admin', path: '/admin/account/list', ready: 'users-table' },
  {
    name: 'users: batch dialog',
    viewer: 'admin',
    path: '/admin/account/list',
    ready: 'users-table',
    open: dialogFrom('batch-open'),
  },
  {
    name: 'user detail',
    viewer: 'admin',
    path: (s) => `/admin/account/list/detail?userId=${s.memberUserId}`,
    ready: 'user-detail',
  },
  {
    name: 'user detail: points',
    viewer: 'admin',
    path: (s) => `/admin/account/list/detail?userId=${s.memberUserId}`,
    ready: 'user-detail',
    open: async (page) => {
      await page.getByRole('tab').nth(1).click();
      await dialogFrom('credit-adjust-open')(page);
    },
  },
  { name: 'role tags', viewer: 'admin', path: '/admin/account/tag', ready: 'tags-table' },
  { name: 'traders', viewer: 'admin', path: '/admin/trader/management', ready: 'traders-table' },
  {
    name: 'traders: new trader drawer',
    viewer: 'admin',
    path: '/admin/trader/management',
    ready: 'traders-table',
    open: dialogFrom('trader-add'),
  },
  {
    name: 'traders: permissions dialog',
    viewer: 'admin',
    path: '/admin/trader/management',
    ready: 'traders-table',
    open: dialogFrom('trader-permissions'),
  },
  { name: 'market symbols', viewer: 'admin', path: '/admin/content/market', ready: 'market-table' },
  {
    // The confirmation every delete button of the back office asks (antd Popconfirm).
    name: 'market symbols: remove confirmation',
    viewer: 'admin',
    path: '/admin/content/market',
    ready: 'market-table',
    open: async (page) => {
      await page.getByTestId('market-remove').first().click();
      await expect(page.locator('.ant-popconfirm:not(.ant-popover-hidden)')).toBeVisible();
    },
  },
  { name: 'level sets', viewer: 'admin', path: '/admin/content/pressure', ready: 'level-table' },
  { name: 'new level set', viewer: 'admin', path: '/admin/content/pressure/add', ready: 'level-form' },
  {
    name: 'edit level set',
    viewer: 'admin',
    path: (s) => `/admin/content/pressure/edit/${s.levelSetId}`,
    ready: 'level-form',
  },
  { name: 'quant strategies (admin)', viewer: 'admin', path: '/admin/content/quant', ready: 'quant-table' },
  { name: 'new quant strategy', viewer: 'admin', path: '/admin/content/quant/add', ready: 'quant-form' },
  {
    name: 'edit quant strategy',
    viewer: 'admin',
    path: (s) => `/admin/content/quant/edit/${s.quantId}`,
    ready: 'quant-form',
  },
  { name: 'media: sources', viewer: 'admin', path: '/admin/content/media', ready: 'source-table' },
  {
    name: 'media: source dialog',
    viewer: 'admin',
    path: '/admin/content/media',
    ready: 'source-table',
    open: dialogFrom('source-add'),
  },
  { name: 'media: rules', viewer: 'admin', path: '/admin/content/media?tab=rules', ready: 'rule-table' },
  {
    name: 'media: rule dialog',
    viewer: 'admin',
    path: '/admin/content/media?tab=rules',
    ready: 'rule-table',
    open: dialogFrom('rule-add'),
  },
  { name: 'media: items', viewer: 'admin', path: '/admin/content/media?tab=items', ready: 'media-items' },
  { name: 'on-chain: alerts', viewer: 'admin', path: '/admin/content/onchain', ready: 'onchain-admin-table' },
  {
    name: 'on-chain: alert drawer',
    viewer: 'admin',
    path: '/admin/content/onchain',
    ready: 'onchain-admin-table',
    open: dialogFrom('alert-add'),
  },
  {
    name: 'on-chain: labels',
    viewer: 'admin',
    path: '/admin/content/onchain?tab=labels',
    ready: 'label-table',
  },
  {
    name: 'on-chain: label dialog',
    viewer: 'admin',
    path: '/admin/content/onchain?tab=labels',
    ready: 'label-table',
    open: dialogFrom('label-add'),
  },
  {
    name: 'on-chain: watcher',
    viewer: 'admin',
    path: '/admin/content/onchain?tab=watcher',
    ready: 'onchain-watcher',
  },
  { name: 'strategies', viewer: 'admin', path: '/admin/content/advisory', ready: 'advisories-table' },
  { name: 'new strategy', viewer: 'admin', path: '/admin/content/advisory/add', ready: 'advisory-form' },
  {
    name: 'strategy detail',
    viewer: 'admin',
    path: (s) => `/admin/content/advisory/detail?id=${s.advisoryId}`,
    ready: 'advisory-detail',
  },
  {
    name: 'system messages',
    viewer: 'admin',
    path: '/admin/operation/system-message',
    ready: 'messages-table',
  },
  {
    name: 'system messages: new message dialog',
    viewer: 'admin',
    path: '/admin/operation/system-message',
    ready: 'messages-table',
    open: dialogFrom('message-add'),
  },
  {
    name: 'invitation rewards',
    viewer: 'admin',
    path: '/admin/operation/invitation',
    ready: 'invitation-admin-page',
  },
  { name: 'tutorials (admin)', viewer: 'admin', path: '/admin/content/teach', ready: 'teach-table' },
  { name: 'tutorial categories', viewer: 'admin', path: '/admin/content/teach/type', ready: 'type-table' },
  {
    name: 'tutorial categories: dialog',
    viewer: 'admin',
    path: '/admin/content/teach/type',
    ready: 'type-table',
    open: dialogFrom('type-add'),
  },
  { name: 'new tutorial', viewer: 'admin', path: '/admin/content/teach/add', ready: 'article-form' },
  {
    name: 'tutorial review',
    viewer: 'admin',
    path: (s) => `/admin/content/teach/detail?id=${s.articleId}`,
    ready: 'admin-teach-detail',
  },
  { name: 'audit log', viewer: 'admin', path: '/admin/operation/audit', ready: 'audit-log-page' },
  {
    name: 'audit log: details drawer',
    viewer: 'admin',
    path: '/admin/operation/audit',
    ready: 'audit-log-page',
    open: dialogFrom('audit-view'),
  },
  { name: 'admin 404', viewer: 'admin', path: '/admin/nothing', ready: 'not-found' },
];
