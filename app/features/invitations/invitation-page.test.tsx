import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreditLedgerPage } from '#shared/schemas/credit.ts';
import type { InvitationSummary, Invitee } from '#shared/schemas/invitations.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { accountHandlers, NON_MEMBER_INFO, personalInfoOf, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

const SUMMARY: InvitationSummary = {
  code: 'ABCD2345',
  invitedCount: 3,
  memberCount: 2,
  creditEarned: 50,
  daysEarned: 7,
  offer: { credit: 50, days: 7 },
};

function invitee(overrides: Partial<Invitee>): Invitee {
  return {
    key: 'k1',
    email: 'a***@example.com',
    joinedAt: '2025-03-01T08:00:00.000Z',
    confirmed: true,
    isMember: false,
    becameMemberAt: null,
    reward: null,
    ...overrides,
  };
}

const INVITEES: Invitee[] = [
  invitee({ key: 'k1', email: 'n***@example.com', confirmed: false }),
  invitee({
    key: 'k2',
    email: 'm***@example.com',
    isMember: true,
    becameMemberAt: '2025-03-05T08:00:00.000Z',
    reward: { id: 12, credit: 50, days: 7, grantedAt: '2025-03-05T08:00:00.000Z', reversedAt: null },
  }),
  invitee({
    key: 'k3',
    email: 'r***@example.com',
    becameMemberAt: '2025-03-02T08:00:00.000Z',
    reward: {
      id: 9,
      credit: 50,
      days: 0,
      grantedAt: '2025-03-02T08:00:00.000Z',
      reversedAt: '2025-03-03T08:00:00.000Z',
    },
  }),
];

const LEDGER: CreditLedgerPage = {
  balance: 50,
  total: 3,
  records: [
    {
      id: 3,
      amount: 50,
      balance: 50,
      kind: 'invitation-reward',
      reason: null,
      reference: { type: 'invitation-reward', id: '12' },
      at: '2025-03-05T08:00:00.000Z',
      actor: null,
    },
    {
      id: 2,
      amount: -50,
      balance: 0,
      kind: 'invitation-reversal',
      reason: 'duplicate account',
      reference: { type: 'invitation-reward', id: '9' },
      at: '2025-03-03T08:00:00.000Z',
      actor: null,
    },
    {
      id: 1,
      amount: 50,
      balance: 50,
      kind: 'invitation-reward',
      reason: null,
      reference: { type: 'invitation-reward', id: '9' },
      at: '2025-03-02T08:00:00.000Z',
      actor: null,
    },
  ],
};

function stubInvitation(
  overrides: { summary?: InvitationSummary; invitees?: Invitee[]; ledger?: CreditLedgerPage } = {},
) {
  const invitees = overrides.invitees ?? INVITEES;
  return stubApi({
    ...accountHandlers(personalInfoOf()),
    'GET /api/Invitation/Mine': () => overrides.summary ?? SUMMARY,
    'GET /api/Invitation/Invitees': () => ({ records: invitees, total: invitees.length }),
    'GET /api/Credit/Mine': () => overrides.ledger ?? LEDGER,
  });
}

const rowsOf = (testId: string) => screen.getByTestId(testId).querySelectorAll('tr.ant-table-row');

describe('invitation rebate page', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('shows the code, the register link with it, a QR code of the link and the reward on offer', async () => {
    stubInvitation();
    renderApp('/personal/invitation', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('ABCD2345');
    const link = `${window.location.origin}/authentication/register?invite=ABCD2345`;
    expect(screen.getByTestId('invite-link')).toHaveTextContent(link);
    expect(screen.getByTestId('invite-qr').querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('invitation-offer')).toHaveTextContent('当前奖励：50 积分 + 7 天会员');
    const stats = screen.getByTestId('invitation-stats');
    for (const text of ['已邀请', '3', '已成为会员', '2', '获得积分', '50', '获得会员天数', '7'])
      expect(stats).toHaveTextContent(text);
    // The side menu's entry is enabled and selected.
    expect(
      within(screen.getByTestId('personal-menu')).getByRole('link', { name: '邀请返佣' }).closest('li'),
    ).toHaveClass('ant-menu-item-selected');
  });

  it('copies the link', async () => {
    stubInvitation();
    const user = setupUser();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderApp('/personal/invitation', { auth: FakeAuth.signedIn() });
    await user.click(await screen.findByTestId('invite-copy'));
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/authentication/register?invite=ABCD2345`,
    );
    expect(await screen.findByText('邀请链接已复制')).toBeInTheDocument();
  });

  it('lists the invitees masked, with their membership and reward, and the points ledger', async () => {
    stubInvitation();
    renderApp('/personal/invitation', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rowsOf('invitee-table')).toHaveLength(3));
    const [pending, member, reversed] = [...rowsOf('invitee-table')] as HTMLElement[];
    expect(pending).toHaveAttribute('data-email', 'n***@example.com');
    expect(within(pending!).getByTestId('invitee-status')).toHaveAttribute('data-member', 'false');
    expect(within(pending!).getByTestId('invitee-status')).toHaveTextContent('尚未成为会员邮箱未验证');
    expect(within(member!).getByTestId('invitee-status')).toHaveAttribute('data-member', 'true');
    expect(within(member!).getByTestId('invitee-status')).toHaveTextContent('会员');
    expect(within(member!).getByTestId('invitee-reward')).toHaveTextContent('50 积分7 天');
    expect(within(reversed!).getByTestId('invitee-status')).toHaveTextContent('曾是会员');
    expect(within(reversed!).getByTestId('invitee-reward')).toHaveAttribute('data-reversed', 'true');
    expect(within(reversed!).getByTestId('invitee-reward')).toHaveTextContent('已撤销');

    await waitFor(() => expect(rowsOf('credit-ledger')).toHaveLength(3));
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('50');
    const entries = [...rowsOf('credit-ledger')] as HTMLElement[];
    expect(entries.map((row) => row.getAttribute('data-kind'))).toEqual([
      'invitation-reward',
      'invitation-reversal',
      'invitation-reward',
    ]);
    expect(entries[0]).toHaveTextContent('邀请奖励');
    expect(entries[0]).toHaveTextContent('+50');
    expect(entries[0]).toHaveTextContent('邀请奖励 #12');
    expect(entries[1]).toHaveTextContent('−50');
    expect(entries[1]).toHaveTextContent('duplicate account');
  });

  it('reads in English, says when no reward is on, and that nobody was invited yet', async () => {
    await changeLocale('en');
    // Non-members invite too.
    stubApi({
      ...accountHandlers(NON_MEMBER_INFO),
      'GET /api/Invitation/Mine': () => ({
        ...SUMMARY,
        invitedCount: 0,
        memberCount: 0,
        offer: { credit: null, days: null },
      }),
      'GET /api/Invitation/Invitees': () => ({ records: [], total: 0 }),
      'GET /api/Credit/Mine': () => ({ balance: 0, total: 0, records: [] }),
    });
    renderApp('/personal/invitation', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('invitation-offer')).toHaveTextContent(
      'No invitation reward at the moment',
    );
    expect(screen.getByTestId('invite-copy')).toHaveTextContent('Copy link');
    expect(await screen.findByText('Nobody has registered through your link yet')).toBeInTheDocument();
    expect(await screen.findByText('No changes to your points yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'People I invited' })).toBeInTheDocument();
  });
});
