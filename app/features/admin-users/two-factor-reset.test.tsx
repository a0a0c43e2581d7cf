import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserDetail } from '#shared/schemas/management.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, jsonResponse, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

const DETAIL: UserDetail = {
  userId: 'u-1',
  userName: 'lin@example.com',
  email: 'lin@example.com',
  memberExpiryDate: null,
  memberCredit: 0,
  tags: [1],
  createdAt: '2024-05-01T08:00:00.000Z',
  memberDaysRemaining: null,
  level: 'StandardUser',
  emailConfirmed: true,
  twoFactorEnabled: true,
};

describe("an admin turns off someone's two-factor sign-in", () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('asks for a fresh code when the server wants one, then turns it off', async () => {
    let detail = DETAIL;
    let resets = 0;
    let verified = false;
    const api = stubApi({
      ...accountHandlers(ADMIN_INFO),
      'GET /api/Management/GetRoles': () => [{ roleId: 1, roleName: 'StandardUser' }],
      'GET /api/Management/GetUser': () => detail,
      'GET /api/Management/GetMembershipReminders': () => [],
      'POST /api/Management/ResetTwoFactor': () => {
        resets++;
        if (!verified)
          return jsonResponse(
            403,
            {
              title: 'Forbidden',
              status: 403,
              detail: '此操作需要重新输入验证码',
              errors: {},
              code: 'twoFactorStepUpRequired',
            },
            'application/problem+json; charset=utf-8',
          );
        detail = { ...DETAIL, twoFactorEnabled: false };
        return { ok: true };
      },
      'POST /api/PersonalInfo/TwoFactor/Verify': () => {
        verified = true;
        return { ok: true };
      },
    });
    const user = setupUser();
    renderApp('/admin/account/list/detail?userId=u-1', { auth: FakeAuth.signedIn() });
    await screen.findByTestId('user-detail', undefined, { timeout: 15_000 });
    expect(screen.getByTestId('detail-two-factor')).toHaveTextContent('已开启');
    await user.click(screen.getByTestId('two-factor-reset'));
    await user.click(await screen.findByTestId('two-factor-reset-ok'));

    const code = await screen.findByTestId('step-up-code');
    await user.type(code, '123456');
    await user.click(screen.getByTestId('step-up-confirm'));
    await waitFor(() => expect(screen.getByTestId('detail-two-factor')).toHaveTextContent('未开启'));
    expect(resets).toBe(2);
    expect(api.requests.find((r) => r.path === '/api/PersonalInfo/TwoFactor/Verify')?.body).toEqual({
      code: '123456',
    });
  });
});
