import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_INFO, accountHandlers, stubApi } from '../testing/fake-api.ts';
import { FakeAuth, TEST_USER } from '../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../testing/render-app.tsx';

// A direct load of an admin address: the page renders while the authentication state is still being read,
// then the state settles on the signed-in administrator. The admin guard's profile request starts at that
// moment, in the same commit in which the person's cached data is reset — it must not be lost.
describe('admin guard on a direct load', () => {
  it('shows the admin page once the signed-in state settles', async () => {
    setClientWidth(1600);
    const api = stubApi({
      ...accountHandlers(ADMIN_INFO),
      'GET /api/Management/GetRolesWithUserCount': () => [
        { roleId: 3, roleName: 'Admin', userCount: 1, builtIn: true },
      ],
    });
    const auth = new FakeAuth();
    auth.set({ status: 'loading', user: null, settingsFailed: false });
    const { router } = renderApp('/admin/account/tag', { auth });
    // The route modules are loaded and the guard waits (spinner) for the authentication state.
    await waitFor(() => expect(router.state.initialized).toBe(true));
    auth.set({ status: 'authenticated', user: TEST_USER, settingsFailed: false });

    expect(await screen.findByTestId('role-tags', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === '/api/PersonalInfo/GetPersonalInfo').length).toBeGreaterThan(
      0,
    );
  });
});
