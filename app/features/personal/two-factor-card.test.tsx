import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TwoFactorStatus } from '#shared/schemas/personal.ts';
import { changeLocale } from '../../lib/i18n.ts';
import {
  ADMIN_INFO,
  accountHandlers,
  personalInfoOf,
  problem,
  sessionOf,
  stubApi,
} from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

const OFF: TwoFactorStatus = {
  enabled: false,
  enabledAt: null,
  required: false,
  pending: false,
  recoveryCodesLeft: 0,
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri:
    'otpauth://totp/ChainCompass%20Academy:member%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

describe('two-factor sign-in in the security settings', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('is set up with the QR code and a first code, then shows the recovery codes once', async () => {
    let status = OFF;
    const api = stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/PersonalInfo/Sessions': () => [sessionOf()],
      'GET /api/PersonalInfo/SignIns': () => [],
      'GET /api/PersonalInfo/TwoFactor': () => status,
      'POST /api/PersonalInfo/TwoFactor/Begin': () => SETUP,
      'POST /api/PersonalInfo/TwoFactor/Enable': (request) => {
        if ((request.body as { code: string }).code !== '654321')
          return problem(400, '验证码错误、已过期或已使用', { code: ['验证码错误、已过期或已使用'] });
        status = { ...OFF, enabled: true, enabledAt: '2026-11-27T09:00:00.000Z', recoveryCodesLeft: 10 };
        return { recoveryCodes: CODES };
      },
    });
    const user = setupUser();
    renderApp('/personal/safeset', { auth: FakeAuth.signedIn() });
    const card = await screen.findByTestId('two-factor-card');
    await waitFor(() => expect(within(card).getByTestId('two-factor-state')).toHaveTextContent('未开启'));
    await user.click(within(card).getByTestId('two-factor-set-up'));

    const dialog = await screen.findByTestId('two-factor-setup');
    expect(within(dialog).getByTestId('two-factor-qr')).toBeInTheDocument();
    expect(within(dialog).getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    const input = within(dialog).getByTestId('two-factor-setup-code');
    await user.type(input, '12');
    await user.click(screen.getByTestId('two-factor-enable'));
    expect(await within(dialog).findByText('验证码为6位数字')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '111111');
    await user.click(screen.getByTestId('two-factor-enable'));
    expect(await within(dialog).findByText('验证码错误、已过期或已使用')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '654321');
    await user.click(screen.getByTestId('two-factor-enable'));

    const codes = await screen.findByTestId('recovery-codes');
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await user.click(within(codes).getByTestId('recovery-codes-saved'));
    await waitFor(() => expect(within(card).getByTestId('two-factor-state')).toHaveTextContent('已开启'));
    expect(within(card).getByTestId('recovery-left')).toHaveTextContent('剩余 10 个恢复码');
    expect(
      api.requests.filter((request) => request.path === '/api/PersonalInfo/TwoFactor/Enable'),
    ).toHaveLength(2);
  });

  it('tells an administrator sent from the back office that it is required, and offers no way to turn it off', async () => {
    await changeLocale('en');
    stubApi({
      ...accountHandlers({ ...ADMIN_INFO, twoFactorEnabled: false }),
      'GET /api/PersonalInfo/Sessions': () => [sessionOf()],
      'GET /api/PersonalInfo/SignIns': () => [],
      'GET /api/PersonalInfo/TwoFactor': () => ({ ...OFF, required: true }),
    });
    // The back office sends an administrator without it here.
    renderApp('/admin/operation/user', { auth: FakeAuth.signedIn() });
    const card = await screen.findByTestId('two-factor-card');
    expect(await within(card).findByTestId('two-factor-required')).toHaveTextContent(
      'Administrators must turn on two-factor sign-in before the back office opens.',
    );
  });

  it('keeps an administrator who has it from turning it off', async () => {
    stubApi({
      ...accountHandlers(ADMIN_INFO),
      'GET /api/PersonalInfo/Sessions': () => [sessionOf()],
      'GET /api/PersonalInfo/SignIns': () => [],
      'GET /api/PersonalInfo/TwoFactor': () => ({
        enabled: true,
        enabledAt: '2026-11-01T00:00:00.000Z',
        required: true,
        pending: false,
        recoveryCodesLeft: 2,
      }),
    });
    renderApp('/personal/safeset', { auth: FakeAuth.signedIn() });
    const card = await screen.findByTestId('two-factor-card');
    await waitFor(() => expect(within(card).getByTestId('two-factor-state')).toHaveTextContent('已开启'));
    expect(within(card).queryByTestId('two-factor-turn-off')).toBeNull();
    expect(within(card).getByTestId('two-factor-new-codes')).toBeInTheDocument();
    expect(within(card).getByText('恢复码所剩不多，请重新生成。')).toBeInTheDocument();
  });
});
