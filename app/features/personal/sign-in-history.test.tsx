import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SignInRecord } from '#shared/schemas/sign-ins.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { accountHandlers, personalInfoOf, problem, sessionOf, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

const SIGN_INS: SignInRecord[] = [
  {
    id: 3,
    at: '2025-05-03T09:15:00.000Z',
    ip: '81.2.69.160',
    region: { en: 'London, England, United Kingdom', zh: '英国 英格兰 伦敦' },
    method: 'silent',
  },
  { id: 2, at: '2025-05-02T08:00:00.000Z', ip: '10.1.2.3', region: null, method: 'password' },
  { id: 1, at: '2025-05-01T07:00:00.000Z', ip: '10.1.2.3', region: null, method: 'twoFactor' },
];

describe('sign-in history', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('lists time, address, region (or unknown) and method, newest first', async () => {
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/PersonalInfo/Sessions': () => [sessionOf()],
      'GET /api/PersonalInfo/SignIns': () => SIGN_INS,
    });
    renderApp('/personal/safeset', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('sign-in-history');
    await waitFor(() => expect(within(table).getAllByTestId('sign-in-row')).toHaveLength(3));
    const [renewal, password, withCode] = within(table).getAllByTestId('sign-in-row');
    expect(within(renewal!).getByTestId('sign-in-time')).toHaveAttribute('dateTime', SIGN_INS[0]!.at);
    expect(within(renewal!).getByTestId('sign-in-ip')).toHaveTextContent('81.2.69.160');
    expect(within(renewal!).getByTestId('sign-in-region')).toHaveTextContent('英国 英格兰 伦敦');
    expect(within(renewal!).getByTestId('sign-in-method')).toHaveTextContent('静默续期');
    expect(within(password!).getByTestId('sign-in-region')).toHaveTextContent('未知');
    expect(within(password!).getByTestId('sign-in-method')).toHaveTextContent('密码登录');
    // A sign-in that took a code after the password says so.
    expect(within(withCode!).getByTestId('sign-in-method')).toHaveTextContent('密码 + 验证码');
    expect(screen.getByText(/最近 50 次登录/)).toBeInTheDocument();
  });

  it('names regions and methods in English', async () => {
    await changeLocale('en');
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/PersonalInfo/Sessions': () => [sessionOf()],
      'GET /api/PersonalInfo/SignIns': () => SIGN_INS,
    });
    renderApp('/personal/safeset', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('sign-in-history');
    await waitFor(() => expect(within(table).getAllByTestId('sign-in-row')).toHaveLength(3));
    const [renewal, password, withCode] = within(table).getAllByTestId('sign-in-row');
    expect(renewal).toHaveTextContent('London, England, United Kingdom');
    expect(renewal).toHaveTextContent('Silent renewal');
    expect(password).toHaveTextContent('Unknown');
    expect(within(password!).getByTestId('sign-in-method')).toHaveTextContent(/^Password$/);
    expect(within(withCode!).getByTestId('sign-in-method')).toHaveTextContent('Password and code');
  });

  it('offers to try again when the history cannot be loaded', async () => {
    let fail = true;
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/PersonalInfo/Sessions': () => [sessionOf()],
      'GET /api/PersonalInfo/SignIns': () =>
        fail ? problem(503, 'The database does not answer.') : SIGN_INS,
    });
    const user = setupUser();
    renderApp('/personal/safeset', { auth: FakeAuth.signedIn() });
    const retry = await screen.findByTestId('query-error');
    fail = false;
    await user.click(within(retry).getByRole('button'));
    await waitFor(() => expect(screen.getAllByTestId('sign-in-row')).toHaveLength(SIGN_INS.length));
  });
});
