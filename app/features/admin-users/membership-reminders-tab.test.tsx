import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserDetail } from '#shared/schemas/management.ts';
import type { MembershipReminder } from '#shared/schemas/membership.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

const DETAIL: UserDetail = {
  userId: 'u-1',
  userName: 'lin@example.com',
  email: 'lin@example.com',
  memberExpiryDate: '2025-06-08T08:00:00.000Z',
  memberCredit: 0,
  tags: [1],
  createdAt: '2024-05-01T08:00:00.000Z',
  memberDaysRemaining: 1,
  level: 'StandardUser',
  emailConfirmed: true,
  twoFactorEnabled: false,
};

const REMINDERS: MembershipReminder[] = [
  {
    id: 2,
    thresholdDays: 1,
    expiryDate: '2025-06-08T08:00:00.000Z',
    at: '2025-06-07T09:00:00.000Z',
    locale: 'en',
    mail: { state: 'retrying', at: null, attempts: 2, error: '451 try again later' },
    dismissedAt: null,
  },
  {
    id: 1,
    thresholdDays: 7,
    expiryDate: '2025-06-08T08:00:00.000Z',
    at: '2025-06-01T09:00:00.000Z',
    locale: 'zh',
    mail: { state: 'sent', at: '2025-06-01T09:00:05.000Z', attempts: 1, error: null },
    dismissedAt: '2025-06-02T10:00:00.000Z',
  },
];

async function openRemindersTab(reminders: MembershipReminder[]) {
  const api = stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/Management/GetRoles': () => [{ roleId: 1, roleName: 'StandardUser' }],
    'GET /api/Management/GetUser': () => DETAIL,
    'GET /api/Management/GetMembershipReminders': () => reminders,
  });
  const user = setupUser();
  renderApp('/admin/account/list/detail?userId=u-1', { auth: FakeAuth.signedIn() });
  // The admin console's modules load lazily: the first render of a cold run may take a while.
  await screen.findByTestId('user-detail', undefined, { timeout: 15_000 });
  await user.click(screen.getByTestId('reminders-tab'));
  const tab = await screen.findByTestId('membership-reminders-tab');
  return { api, tab };
}

describe('membership reminders on the user detail page', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('lists each reminder: threshold, the expiry it was for, when, its mail and the notice', async () => {
    const { api, tab } = await openRemindersTab(REMINDERS);
    await waitFor(() => expect(tab.querySelectorAll('tr.ant-table-row')).toHaveLength(2));
    const [lastDay, weekBefore] = [...tab.querySelectorAll('tr.ant-table-row')] as HTMLElement[];
    expect(within(lastDay!).getByTestId('reminder-threshold')).toHaveTextContent('到期前 1 天');
    expect(within(lastDay!).getByTestId('reminder-mail-state')).toHaveTextContent('重试中');
    expect(lastDay).toHaveTextContent('已尝试 2 次');
    expect(lastDay).toHaveTextContent('语言：English');
    expect(within(lastDay!).getByTestId('reminder-notice')).toHaveTextContent('未关闭');
    expect(within(weekBefore!).getByTestId('reminder-threshold')).toHaveTextContent('到期前 7 天');
    expect(within(weekBefore!).getByTestId('reminder-mail-state')).toHaveTextContent('已发送');
    expect(within(weekBefore!).getByTestId('reminder-notice')).toHaveTextContent('已关闭于');
    // The tab asked for the reminders of the user on the page.
    const asked = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost:3000'))
      .filter((url) => url.pathname === '/api/Management/GetMembershipReminders');
    expect(asked.map((url) => url.searchParams.get('userId'))).toEqual(['u-1']);
  });

  it('says so when the user was never reminded, in English too', async () => {
    await changeLocale('en');
    const { tab } = await openRemindersTab([]);
    expect(await within(tab).findByText('This user has not been reminded yet')).toBeInTheDocument();
  });
});
