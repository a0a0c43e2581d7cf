import type { ReactElement } from 'react';
import type { Location } from 'react-router';
import { IndexRoute } from './index-route.tsx';
import { AUTH_PATHS, LOGIN_ACTIONS, LOGOUT_ACTIONS } from './lib/auth/auth-paths.ts';
import { hasPageTexts, loadAdminTexts, loadPageTexts } from './lib/i18n.ts';
import { type AppRoute, toRouteObjects } from './lib/routing/route-table.tsx';
import { SECTIONS, tradingViewOf } from './lib/sections.ts';

// Every layout, guard and page is a lazy route: a navigation fetches the modules of all matched routes in
// parallel (lib/routing), and the admin console stays out of members' bundles. Redirecting index routes
// replace their address.

const notFoundPage = async () => ({
  Component: (await import('./features/errors/not-found-page.tsx')).NotFoundPage,
});

const notFoundRoute: AppRoute = { path: '*', lazy: notFoundPage };

/** A route whose page needs props (the action of a sign-in or sign-out step). */
function pageRoute(path: string, load: () => Promise<ReactElement>): AppRoute {
  return { path: path.replace(/^\//, ''), lazy: async () => ({ element: await load() }) };
}

const authorizeRoute = async () => ({
  Component: (await import('./components/authorize-route.tsx')).AuthorizeRoute,
});

/** Members-only sections of the top menu (spec §6); their pages come later, members see 404 content meanwhile. */
const memberSectionPaths = SECTIONS.filter((section) => section.membersOnly && section.path !== '/').map(
  (section) => section.path.slice(1),
);

const authRoutes: AppRoute = {
  id: 'auth',
  lazy: async () => ({ Component: (await import('./layouts/auth-layout.tsx')).AuthLayout }),
  children: [
    pageRoute(AUTH_PATHS.login, async () => {
      const { LoginPage } = await import('./features/auth/login-page.tsx');
      return <LoginPage action={LOGIN_ACTIONS.login} />;
    }),
    pageRoute(AUTH_PATHS.loginCallback, async () => {
      const { LoginPage } = await import('./features/auth/login-page.tsx');
      return <LoginPage action={LOGIN_ACTIONS.loginCallback} />;
    }),
    pageRoute(AUTH_PATHS.loginFailed, async () => {
      const { LoginPage } = await import('./features/auth/login-page.tsx');
      return <LoginPage action={LOGIN_ACTIONS.loginFailed} />;
    }),
    pageRoute(AUTH_PATHS.profile, async () => {
      const { LoginPage } = await import('./features/auth/login-page.tsx');
      return <LoginPage action={LOGIN_ACTIONS.profile} />;
    }),
    pageRoute(AUTH_PATHS.logout, async () => {
      const { LogoutPage } = await import('./features/auth/logout-page.tsx');
      return <LogoutPage action={LOGOUT_ACTIONS.logout} />;
    }),
    pageRoute(AUTH_PATHS.logoutCallback, async () => {
      const { LogoutPage } = await import('./features/auth/logout-page.tsx');
      return <LogoutPage action={LOGOUT_ACTIONS.logoutCallback} />;
    }),
    pageRoute(AUTH_PATHS.loggedOut, async () => {
      const { LogoutPage } = await import('./features/auth/logout-page.tsx');
      return <LogoutPage action={LOGOUT_ACTIONS.loggedOut} />;
    }),
    {
      path: AUTH_PATHS.register.slice(1),
      lazy: async () => ({ Component: (await import('./features/auth/auth-screen-pages.tsx')).RegisterPage }),
    },
    {
      path: AUTH_PATHS.forgotPassword.slice(1),
      lazy: async () => ({
        Component: (await import('./features/auth/auth-screen-pages.tsx')).ForgotPasswordPage,
      }),
    },
    {
      path: AUTH_PATHS.confirmEmail.slice(1),
      lazy: async () => ({
        Component: (await import('./features/auth/confirm-email-page.tsx')).ConfirmEmailPage,
      }),
    },
    {
      path: AUTH_PATHS.manualLogin.slice(1),
      lazy: async () => ({
        Component: (await import('./features/auth/account-login-page.tsx')).AccountLoginPage,
      }),
    },
  ],
};

export const routes: AppRoute[] = [
  {
    id: 'root',
    children: [
      authRoutes,
      // Runs inside the hidden frame of a silent sign-in: no layout, nothing to see.
      {
        path: AUTH_PATHS.silentCallback.slice(1),
        lazy: async () => ({
          Component: (await import('./features/auth/silent-callback-page.tsx')).SilentCallbackPage,
        }),
      },
      {
        id: 'public',
        lazy: async () => ({ Component: (await import('./layouts/public-layout.tsx')).PublicLayout }),
        children: [
          {
            // The home page, or with ?type=1|2|3 the members-only trading section.
            index: true,
            // The route's own component is in the shell (half a kilobyte, not a request of its own); its
            // view's code starts downloading with the layout's, not after it.
            lazy: async () => {
              if (tradingViewOf(window.location.search))
                void import('./features/trading/trading-section.tsx');
              else void import('./features/home/home-page.tsx');
              return { Component: IndexRoute };
            },
          },
          // Tutorials are open to non-members and signed-out visitors (spec §1).
          {
            path: 'teach',
            lazy: async () => ({
              Component: (await import('./features/teach/teach-list-page.tsx')).TeachListPage,
            }),
          },
          {
            path: 'teach-detail',
            lazy: async () => ({
              Component: (await import('./features/teach/teach-detail-page.tsx')).TeachDetailPage,
            }),
          },
          {
            id: 'members',
            lazy: async () => {
              const [{ AuthorizeRoute }, { MembersOnly }] = await Promise.all([
                import('./components/authorize-route.tsx'),
                import('./components/members-only.tsx'),
              ]);
              return {
                element: (
                  <AuthorizeRoute>
                    <MembersOnly />
                  </AuthorizeRoute>
                ),
              };
            },
            children: [
              {
                path: 'notice',
                lazy: async () => ({
                  Component: (await import('./features/notices/notices-page.tsx')).NoticesPage,
                }),
              },
              {
                path: 'pressure',
                lazy: async () => ({
                  Component: (await import('./features/pressure/pressure-page.tsx')).PressurePage,
                }),
              },
              {
                path: 'strategy',
                lazy: async () => ({
                  Component: (await import('./features/quant/quant-list-page.tsx')).QuantListPage,
                }),
              },
              {
                path: 'strategy/:id',
                lazy: async () => ({
                  Component: (await import('./features/quant/quant-detail-page.tsx')).QuantDetailPage,
                }),
              },
              {
                path: 'tool',
                lazy: async () => ({
                  Component: (await import('./features/tools/tools-page.tsx')).ToolsPage,
                }),
              },
              {
                path: 'media',
                lazy: async () => ({
                  Component: (await import('./features/media/media-page.tsx')).MediaPage,
                }),
              },
              {
                path: 'monitoring',
                lazy: async () => ({
                  Component: (await import('./features/onchain/onchain-page.tsx')).OnchainPage,
                }),
              },
              ...memberSectionPaths.map((path) => ({ path: `${path}/*`, lazy: notFoundPage })),
            ],
          },
          {
            // Signed in only; non-members may use their personal pages.
            path: 'personal',
            lazy: authorizeRoute,
            children: [
              {
                lazy: async () => ({
                  Component: (await import('./layouts/personal-layout.tsx')).PersonalLayout,
                }),
                children: [
                  { index: true, redirect: '/personal/info' },
                  {
                    path: 'info',
                    lazy: async () => ({
                      Component: (await import('./features/personal/personal-info-page.tsx'))
                        .PersonalInfoPage,
                    }),
                  },
                  {
                    path: 'edit',
                    lazy: async () => ({
                      Component: (await import('./features/personal/personal-edit-page.tsx'))
                        .PersonalEditPage,
                    }),
                  },
                  {
                    path: 'safeset',
                    lazy: async () => ({
                      Component: (await import('./features/personal/security-settings-page.tsx'))
                        .SecuritySettingsPage,
                    }),
                  },
                  {
                    // Members only: non-members see the not-member notice there.
                    path: 'engagement',
                    lazy: async () => ({
                      Component: (await import('./features/personal/engagement-page.tsx')).EngagementPage,
                    }),
                  },
                  {
                    path: 'subscribe',
                    lazy: async () => ({
                      Component: (await import('./features/subscriptions/subscribe-page.tsx')).SubscribePage,
                    }),
                  },
                  {
                    path: 'article',
                    lazy: async () => ({
                      Component: (await import('./features/my-articles/my-articles-page.tsx')).MyArticlesPage,
                    }),
                  },
                  {
                    path: 'article/add',
                    lazy: async () => ({
                      Component: (await import('./features/my-articles/my-article-add-page.tsx'))
                        .MyArticleAddPage,
                    }),
                  },
                  {
                    path: 'invitation',
                    lazy: async () => ({
                      Component: (await import('./features/invitations/invitation-page.tsx')).InvitationPage,
                    }),
                  },
                  notFoundRoute,
                ],
              },
            ],
          },
          notFoundRoute,
        ],
      },
      {
        // The whole back office: signed in, and Admin.
        path: 'admin',
        lazy: authorizeRoute,
        children: [
          {
            lazy: async () => ({ Component: (await import('./components/admin-route.tsx')).AdminRoute }),
            children: [
              {
                lazy: async () => {
                  const [{ AdminLayout }] = await Promise.all([
                    import('./layouts/admin-layout.tsx'),
                    loadAdminTexts(),
                  ]);
                  return { Component: AdminLayout };
                },
                children: [
                  { index: true, redirect: '/admin/account/list' },
                  {
                    path: 'account/list',
                    lazy: async () => ({
                      Component: (await import('./features/admin-users/user-list-page.tsx')).UserListPage,
                    }),
                  },
                  {
                    path: 'account/list/detail',
                    lazy: async () => ({
                      Component: (await import('./features/admin-users/user-detail-page.tsx')).UserDetailPage,
                    }),
                  },
                  {
                    path: 'account/tag',
                    lazy: async () => ({
                      Component: (await import('./features/admin-users/role-tags-page.tsx')).RoleTagsPage,
                    }),
                  },
                  {
                    path: 'trader/management',
                    lazy: async () => ({
                      Component: (await import('./features/admin-traders/trader-management-page.tsx'))
                        .TraderManagementPage,
                    }),
                  },
                  {
                    path: 'content/market',
                    lazy: async () => ({
                      Component: (await import('./features/admin-market/market-symbols-page.tsx'))
                        .MarketSymbolsPage,
                    }),
                  },
                  {
                    path: 'content/pressure',
                    lazy: async () => ({
                      Component: (await import('./features/admin-levels/level-list-page.tsx')).LevelListPage,
                    }),
                  },
                  {
                    path: 'content/pressure/add',
                    lazy: async () => ({
                      Component: (await import('./features/admin-levels/level-edit-page.tsx')).LevelEditPage,
                    }),
                  },
                  {
                    path: 'content/pressure/edit/:id',
                    lazy: async () => ({
                      Component: (await import('./features/admin-levels/level-edit-page.tsx')).LevelEditPage,
                    }),
                  },
                  {
                    path: 'content/quant',
                    lazy: async () => ({
                      Component: (await import('./features/admin-quant/quant-list-page.tsx'))
                        .QuantAdminListPage,
                    }),
                  },
                  {
                    path: 'content/quant/add',
                    lazy: async () => ({
                      Component: (await import('./features/admin-quant/quant-edit-page.tsx'))
                        .QuantAdminEditPage,
                    }),
                  },
                  {
                    path: 'content/quant/edit/:id',
                    lazy: async () => ({
                      Component: (await import('./features/admin-quant/quant-edit-page.tsx'))
                        .QuantAdminEditPage,
                    }),
                  },
                  {
                    path: 'content/media',
                    lazy: async () => ({
                      Component: (await import('./features/admin-media/media-admin-page.tsx')).MediaAdminPage,
                    }),
                  },
                  {
                    path: 'content/onchain',
                    lazy: async () => ({
                      Component: (await import('./features/admin-onchain/onchain-admin-page.tsx'))
                        .OnchainAdminPage,
                    }),
                  },
                  {
                    path: 'content/advisory',
                    lazy: async () => ({
                      Component: (await import('./features/admin-advisories/advisory-list-page.tsx'))
                        .AdvisoryListPage,
                    }),
                  },
                  {
                    path: 'content/advisory/add',
                    lazy: async () => ({
                      Component: (await import('./features/admin-advisories/advisory-edit-page.tsx'))
                        .AdvisoryEditPage,
                    }),
                  },
                  {
                    path: 'content/advisory/detail',
                    lazy: async () => ({
                      Component: (await import('./features/admin-advisories/advisory-detail-page.tsx'))
                        .AdvisoryDetailPage,
                    }),
                  },
                  {
                    path: 'operation/system-message',
                    lazy: async () => ({
                      Component: (await import('./features/admin-messages/system-message-page.tsx'))
                        .SystemMessagePage,
                    }),
                  },
                  {
                    path: 'operation/invitation',
                    lazy: async () => ({
                      Component: (await import('./features/admin-invitations/invitation-admin-page.tsx'))
                        .InvitationAdminPage,
                    }),
                  },
                  {
                    path: 'operation/audit',
                    lazy: async () => ({
                      Component: (await import('./features/admin-audit/audit-log-page.tsx')).AuditLogPage,
                    }),
                  },
                  {
                    path: 'content/teach',
                    lazy: async () => ({
                      Component: (await import('./features/admin-teach/admin-teach-list-page.tsx'))
                        .AdminTeachListPage,
                    }),
                  },
                  {
                    path: 'content/teach/type',
                    lazy: async () => ({
                      Component: (await import('./features/admin-teach/admin-teach-type-page.tsx'))
                        .AdminTeachTypePage,
                    }),
                  },
                  {
                    path: 'content/teach/add',
                    lazy: async () => ({
                      Component: (await import('./features/admin-teach/admin-teach-add-page.tsx'))
                        .AdminTeachAddPage,
                    }),
                  },
                  {
                    path: 'content/teach/detail',
                    lazy: async () => ({
                      Component: (await import('./features/admin-teach/admin-teach-detail-page.tsx'))
                        .AdminTeachDetailPage,
                    }),
                  },
                  notFoundRoute,
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The route table as the router reads it. */
export const appRoutes = toRouteObjects(routes);

/**
 * The texts of the page being opened, downloaded beside its code (lib/texts.ts) when it has texts that are
 * not there yet; a failure is left to the page (loadPageTexts).
 */
export function preparePage(location: Pick<Location, 'pathname' | 'search'>): Promise<null> | undefined {
  return hasPageTexts(location) ? undefined : loadPageTexts(location);
}
