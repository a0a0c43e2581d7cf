import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminReward, InvitationSettings } from '#shared/schemas/invitations.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

const SETTINGS: InvitationSettings = {
  creditEnabled: true,
  creditAmount: 50,
  daysEnabled: false,
  daysAmount: 7,
  updatedAt: '2025-03-01T08:00:00.000Z',
  updatedBy: 'admin@example.com',
};

function reward(overrides: Partial<AdminReward> = {}): AdminReward {
  return {
    id: 12,
    inviter: { userId: 'u-a', email: 'alice@example.com' },
    invitee: { userId: 'u-b', email: 'bob@example.com' },
    credit: 50,
    days: 0,
    grantedAt: '2025-03-05T08:00:00.000Z',
    grantedBy: 'admin@example.com',
    reversedAt: null,
    reversedBy: null,
    reverseReason: null,
    ...overrides,
  };
}

const rows = () => screen.getByTestId('rewards-table').querySelectorAll('tr.ant-table-row');
const inputOf = (element: HTMLElement) =>
  element instanceof HTMLInputElement ? element : element.querySelector('input')!;

describe('admin invitation page', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('shows the reward settings and saves a change', async () => {
    const api = stubApi({
      ...accountHandlers(ADMIN_INFO),
      'GET /api/Invitation/Settings': () => SETTINGS,
      'GET /api/Invitation/Rewards': () => ({ records: [], total: 0 }),
      'POST /api/Invitation/UpdateSettings': (request) => ({
        ...(request.body as object),
        updatedAt: '2025-03-06T08:00:00.000Z',
        updatedBy: 'admin@example.com',
      }),
    });
    const user = setupUser();
    renderApp('/admin/operation/invitation', { auth: FakeAuth.signedIn() });
    const form = await screen.findByTestId('invitation-settings-form');
    expect(screen.getByTestId('settings-credit-enabled')).toBeChecked();
    expect(inputOf(screen.getByTestId('settings-credit-amount'))).toHaveValue('50');
    expect(screen.getByTestId('settings-days-enabled')).not.toBeChecked();
    expect(inputOf(screen.getByTestId('settings-days-amount'))).toBeDisabled();
    expect(screen.getByTestId('settings-updated')).toHaveTextContent('admin@example.com');
    expect(
      within(screen.getByTestId('admin-menu')).getByRole('link', { name: '邀请返佣' }).closest('li'),
    ).toHaveClass('ant-menu-item-selected');

    await user.click(screen.getByTestId('settings-days-enabled'));
    const days = inputOf(screen.getByTestId('settings-days-amount'));
    await waitFor(() => expect(days).toBeEnabled());
    await user.clear(days);
    await user.type(days, '400');
    await user.click(screen.getByTestId('settings-save'));
    expect(await within(form).findByText('奖励天数须为1到365之间的整数')).toBeInTheDocument();
    expect(api.requests.some((r) => r.path === '/api/Invitation/UpdateSettings')).toBe(false);

    await user.clear(days);
    await user.type(days, '10');
    await user.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('奖励设置已保存')).toBeInTheDocument();
    expect(api.requests.find((r) => r.path === '/api/Invitation/UpdateSettings')?.body).toEqual({
      creditEnabled: true,
      creditAmount: 50,
      daysEnabled: true,
      daysAmount: 10,
    });
  });

  it('lists the rewards and reverses one with a reason, asking first when the inviter would go below 0', async () => {
    const answers: Array<() => unknown> = [
      () =>
        problem(409, '此操作会使积分余额低于0，确认后才能继续', {
          allowNegative: ['此操作会使积分余额低于0，确认后才能继续'],
        }),
      () =>
        reward({
          reversedAt: '2025-03-07T08:00:00.000Z',
          reversedBy: 'admin@example.com',
          reverseReason: 'fake account',
        }),
    ];
    // The 409 carries the balances the confirmation shows.
    const refusal = async () => {
      const response = answers.shift()!() as Response;
      if (!(response instanceof Response)) return response;
      const body = await response.json();
      return new Response(
        JSON.stringify({ ...body, code: 'creditWouldGoNegative', balance: 20, balanceAfter: -30 }),
        { status: 409, headers: { 'content-type': 'application/problem+json' } },
      );
    };
    const api = stubApi({
      ...accountHandlers(ADMIN_INFO),
      'GET /api/Invitation/Settings': () => SETTINGS,
      'GET /api/Invitation/Rewards': () => ({
        records: [
          reward(),
          reward({ id: 11, credit: 0, days: 0, invitee: { userId: 'u-c', email: 'carol@example.com' } }),
        ],
        total: 2,
      }),
      'POST /api/Invitation/ReverseReward': refusal,
    });
    const user = setupUser();
    renderApp('/admin/operation/invitation', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, nothing] = [...rows()] as HTMLElement[];
    expect(first).toHaveTextContent('alice@example.com');
    expect(first).toHaveTextContent('bob@example.com');
    expect(first).toHaveTextContent('50 积分');
    expect(within(first!).getByRole('link', { name: 'alice@example.com' })).toHaveAttribute(
      'href',
      '/admin/account/list/detail?userId=u-a',
    );
    // A reward of nothing has nothing to take back.
    expect(within(nothing!).getByTestId('reward-reverse')).toBeDisabled();

    await user.click(within(first!).getByTestId('reward-reverse'));
    expect(await screen.findByTestId('reverse-summary')).toHaveTextContent(
      '将收回 alice@example.com 因邀请 bob@example.com 获得的奖励：50 积分。',
    );
    await user.click(screen.getByTestId('reverse-confirm'));
    expect(await screen.findByText('请填写原因')).toBeInTheDocument();
    await user.type(screen.getByTestId('reverse-reason'), 'fake account');
    await user.click(screen.getByTestId('reverse-confirm'));

    expect(await screen.findByText('当前余额为 20，此操作后将变为 -30。确定继续吗？')).toBeInTheDocument();
    await user.click(screen.getByTestId('credit-negative-confirm'));
    expect(await screen.findByText('奖励已撤销')).toBeInTheDocument();
    const sent = api.requests.filter((r) => r.path === '/api/Invitation/ReverseReward').map((r) => r.body);
    expect(sent).toEqual([
      { id: 12, reason: 'fake account' },
      { id: 12, reason: 'fake account', allowNegative: true },
    ]);
  });

  it('reads in English', async () => {
    await changeLocale('en');
    stubApi({
      ...accountHandlers(ADMIN_INFO),
      'GET /api/Invitation/Settings': () => ({ ...SETTINGS, updatedAt: null, updatedBy: null }),
      'GET /api/Invitation/Rewards': () => ({
        records: [
          reward({
            reversedAt: '2025-03-07T08:00:00.000Z',
            reversedBy: 'root@example.com',
            reverseReason: 'fake account',
          }),
        ],
        total: 1,
      }),
    });
    renderApp('/admin/operation/invitation', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('settings-updated')).toHaveTextContent('Never changed (the defaults)');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByTestId('reward-reversed')).toHaveTextContent('Reversed by root@example.com');
    expect(screen.getByTestId('reward-reversed')).toHaveTextContent('fake account');
    expect(within(rows()[0] as HTMLElement).getByTestId('reward-reverse')).toBeDisabled();
  });
});
