import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreditLedgerPage } from '#shared/schemas/credit.ts';
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
  memberCredit: 20,
  tags: [],
  createdAt: '2024-05-01T08:00:00.000Z',
  memberDaysRemaining: null,
  level: null,
  emailConfirmed: true,
  twoFactorEnabled: true,
};

const LEDGER: CreditLedgerPage = {
  balance: 20,
  total: 1,
  records: [
    {
      id: 1,
      amount: 20,
      balance: 20,
      kind: 'adjustment',
      reason: 'welcome',
      reference: null,
      at: '2025-03-01T08:00:00.000Z',
      actor: 'admin@example.com',
    },
  ],
};

/** The refusal the server answers when the balance would go below 0 (messages in the request's language). */
const belowZero = (balance: number, balanceAfter: number) =>
  jsonResponse(
    409,
    {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: '此操作会使积分余额低于0，确认后才能继续',
      instance: '/api/Credit/Adjust',
      errors: { allowNegative: ['此操作会使积分余额低于0，确认后才能继续'] },
      requestId: 'test',
      code: 'creditWouldGoNegative',
      balance,
      balanceAfter,
    },
    'application/problem+json',
  );

function stubDetail(adjust: (body: { amount: number; allowNegative?: boolean }) => unknown) {
  return stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/Management/GetRoles': () => [],
    'GET /api/Management/GetUser': () => DETAIL,
    'GET /api/Credit/Ledger': () => LEDGER,
    'POST /api/Credit/Adjust': (request) =>
      adjust(request.body as { amount: number; allowNegative?: boolean }),
  });
}

const inputOf = (element: HTMLElement) =>
  element instanceof HTMLInputElement ? element : element.querySelector('input')!;

async function openCreditTab(user: ReturnType<typeof setupUser>) {
  renderApp('/admin/account/list/detail?userId=u-1', { auth: FakeAuth.signedIn() });
  await screen.findByTestId('user-detail');
  await user.click(screen.getByRole('tab', { name: '积分' }));
  return screen.findByTestId('credit-tab');
}

describe('credit on the user detail page', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('shows the balance and the ledger with who made each change', async () => {
    stubDetail(() => ({ balance: 0, entryId: 0 }));
    const user = setupUser();
    await openCreditTab(user);
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('20');
    const ledger = await screen.findByTestId('credit-ledger');
    await waitFor(() => expect(ledger.querySelectorAll('tr.ant-table-row')).toHaveLength(1));
    const entry = ledger.querySelector('tr.ant-table-row') as HTMLElement;
    for (const text of ['人工调整', '+20', 'welcome', 'admin@example.com'])
      expect(entry).toHaveTextContent(text);
  });

  it('adjusts with a reason, checking both fields first', async () => {
    const api = stubDetail(() => ({ balance: 70, entryId: 2 }));
    const user = setupUser();
    await openCreditTab(user);
    await user.click(screen.getByTestId('credit-adjust-open'));
    await user.click(await screen.findByTestId('credit-adjust-submit'));
    const form = screen.getByTestId('credit-adjust-form');
    expect(await within(form).findByText('调整数额须为非零整数，绝对值不超过1000000')).toBeInTheDocument();
    expect(await within(form).findByText('请填写原因')).toBeInTheDocument();
    await user.type(inputOf(screen.getByTestId('credit-amount-input')), '50');
    await user.type(screen.getByTestId('credit-reason'), 'event prize');
    await user.click(screen.getByTestId('credit-adjust-submit'));
    expect(await screen.findByText('积分已调整，当前余额 70')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === '/api/Credit/Adjust').map((r) => r.body)).toEqual([
      { userId: 'u-1', amount: 50, reason: 'event prize' },
    ]);
  });

  it('asks before going below 0, sends again only when the admin agrees', async () => {
    const api = stubDetail((body) =>
      body.allowNegative ? { balance: -30, entryId: 3 } : belowZero(20, -30),
    );
    const user = setupUser();
    await openCreditTab(user);
    await user.click(screen.getByTestId('credit-adjust-open'));
    await user.type(inputOf(await screen.findByTestId('credit-amount-input')), '-50');
    await user.type(screen.getByTestId('credit-reason'), 'chargeback');
    await user.click(screen.getByTestId('credit-adjust-submit'));
    expect(await screen.findByText('当前余额为 20，此操作后将变为 -30。确定继续吗？')).toBeInTheDocument();
    // Declined: nothing more is sent, the form stays open.
    const confirm = document.querySelector('.ant-modal-confirm') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: '取 消' }));
    expect(api.requests.filter((r) => r.path === '/api/Credit/Adjust')).toHaveLength(1);
    expect(screen.queryByText('积分已调整', { exact: false })).not.toBeInTheDocument();

    await user.click(screen.getByTestId('credit-adjust-submit'));
    // jsdom never ends antd's leave animation: the declined dialog may still be there, the new one is last.
    await waitFor(() => expect(screen.getAllByTestId('credit-negative-confirm')).toHaveLength(2));
    await user.click(screen.getAllByTestId('credit-negative-confirm').at(-1)!);
    expect(await screen.findByText('积分已调整，当前余额 -30')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === '/api/Credit/Adjust').map((r) => r.body)).toEqual([
      { userId: 'u-1', amount: -50, reason: 'chargeback' },
      { userId: 'u-1', amount: -50, reason: 'chargeback' },
      { userId: 'u-1', amount: -50, reason: 'chargeback', allowNegative: true },
    ]);
  });

  it('reads in English', async () => {
    await changeLocale('en');
    stubDetail(() => ({ balance: 0, entryId: 0 }));
    const user = setupUser();
    renderApp('/admin/account/list/detail?userId=u-1', { auth: FakeAuth.signedIn() });
    await screen.findByTestId('user-detail');
    await user.click(screen.getByRole('tab', { name: 'Points' }));
    expect(await screen.findByTestId('credit-adjust-open')).toHaveTextContent('Adjust points');
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('Points balance');
  });
});
