import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OnchainAdminAlert, OnchainLabel } from '#shared/schemas/onchain.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, type ApiHandlers, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

// /admin/content/onchain, the alerts tab: every alert with its status and source, the queue with publish and
// discard, filters sent as queries, and the add/edit form checked with the server's rules and refusals.

const BINANCE = '0x28c6c06298d514db089934071355e5743bf21d60';
const WHALE = '0x00000000219ab540356cbb839cbe05303d7705fa';

function alertOf(overrides: Partial<OnchainAdminAlert> = {}): OnchainAdminAlert {
  const txHash = overrides.txHash ?? `0x${'1'.repeat(64)}`;
  return {
    id: 1,
    chain: 'ethereum',
    asset: 'USDT',
    tokenAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7',
    amount: '5000000',
    usdValue: 5_000_000,
    from: { address: WHALE, label: null },
    to: { address: BINANCE, label: { name: 'Binance 14', kind: 'exchange' } },
    direction: 'exchange_inflow',
    txHash,
    logIndex: 7,
    blockNumber: 19_000_123,
    explorerUrl: `https://etherscan.io/tx/${txHash}`,
    occurredAt: '2025-05-02T08:30:00.000Z',
    importance: 'normal',
    comment: '',
    publishedAt: null,
    status: 'queued',
    source: 'watcher',
    createdAt: '2025-05-02T08:31:00.000Z',
    updatedAt: '2025-05-02T08:31:00.000Z',
    ...overrides,
  };
}

const QUEUED = alertOf();
const PUBLISHED = alertOf({
  id: 2,
  txHash: `0x${'2'.repeat(64)}`,
  status: 'published',
  source: 'manual',
  direction: 'exchange_outflow',
  importance: 'high',
  comment: 'Cold wallet refill',
  publishedAt: '2025-05-02T09:00:00.000Z',
});
const LABELS: OnchainLabel[] = [
  {
    id: 1,
    address: BINANCE,
    name: 'Binance 14',
    kind: 'exchange',
    createdAt: '2025-05-01T00:00:00.000Z',
    updatedAt: '2025-05-01T00:00:00.000Z',
  },
];

const posts = (api: ReturnType<typeof stubApi>) =>
  api.requests.filter((request) => request.method === 'POST');
const rows = () => screen.queryAllByTestId('onchain-admin-row');
/** The error shown under a form field (not one on its way out). */
const fieldError = (testId: string) =>
  screen
    .getByTestId(testId)
    .closest('.ant-form-item')
    ?.querySelector('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)')?.textContent ?? null;
const popconfirm = () => document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)') as HTMLElement;

function stubAdmin(alerts: () => OnchainAdminAlert[], extra: ApiHandlers = {}) {
  const queries: Record<string, string>[] = [];
  const stub = stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/Onchain/Labels': () => LABELS,
    'GET /api/Onchain/AdminAlerts': () => {
      const call = stub.fetch.mock.calls.at(-1);
      const query = Object.fromEntries(new URL(String(call?.[0]), 'http://x').searchParams);
      queries.push(query);
      const list = alerts().filter((alert) => !query.status || alert.status === query.status);
      return { alerts: list, nextCursor: null };
    },
    ...extra,
  });
  // The table's calls, and the queue's badge's (status=queued, limit 50, the queue's own query), which asks
  // again every 10 s: on a slow run its call can come after the table's last one.
  const tableQueries = () => queries.filter((query) => query.limit === '50' && Object.keys(query).length > 0);
  return { ...stub, queries, tableQueries };
}

async function pick(user: ReturnType<typeof setupUser>, testId: string, option: string) {
  await user.click(within(screen.getByTestId(testId)).getByRole('combobox'));
  const options = await screen.findAllByTitle(option);
  await user.click(options.at(-1)!);
}

beforeEach(async () => {
  setClientWidth(1600);
  await changeLocale('zh');
});

describe('on-chain alerts in the admin console', () => {
  it('lists every alert with status and source, and publishes and discards queued ones', async () => {
    let alerts = [QUEUED, alertOf({ id: 3, txHash: `0x${'3'.repeat(64)}` }), PUBLISHED];
    const set = (id: number, change: Partial<OnchainAdminAlert>) => {
      alerts = alerts.map((alert) => (alert.id === id ? { ...alert, ...change } : alert));
      return { ok: true };
    };
    const api = stubAdmin(() => alerts, {
      'POST /api/Onchain/PublishAlert': ({ body }) =>
        set((body as { id: number }).id, { status: 'published' }),
      'POST /api/Onchain/DiscardAlert': ({ body }) =>
        set((body as { id: number }).id, { status: 'discarded' }),
    });
    const user = setupUser();
    const { router } = renderApp('/admin/content/onchain', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(await screen.findByTestId('onchain-admin-queue-count')).toHaveTextContent('2');
    const [queued, , published] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(queued).toHaveAttribute('data-status', 'queued');
    expect(within(queued).getByTestId('alert-row-status')).toHaveTextContent('待审核');
    expect(within(queued).getByTestId('alert-row-source')).toHaveTextContent('监控');
    expect(within(queued).getByTestId('alert-row-direction')).toHaveTextContent('流入交易所');
    expect(within(queued).getByTestId('alert-row-amount')).toHaveTextContent('5,000,000 USDT');
    expect(
      within(within(queued).getByTestId('alert-row-to')).getByTestId('onchain-party-label'),
    ).toHaveTextContent('Binance 14');
    expect(within(queued).getByTestId('alert-row-tx')).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(published).getByTestId('alert-row-status')).toHaveTextContent('已发布');
    expect(within(published).getByTestId('alert-row-source')).toHaveTextContent('手动');
    expect(within(published).getByTestId('alert-row-importance')).toHaveTextContent('重要');
    expect(within(published).queryByTestId('alert-publish')).not.toBeInTheDocument();

    // The queue: queued alerts only, each with publish and discard.
    await user.click(screen.getByTestId('onchain-admin-queue'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=queued'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(api.tableQueries().at(-1)).toEqual({ status: 'queued', limit: '50' });

    await user.click(within(rows()[0]!).getByTestId('alert-publish'));
    expect(await screen.findByText('已发布提醒，会员将实时看到')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(within(rows()[0]!).getByTestId('alert-discard'));
    await waitFor(() => expect(popconfirm()).toHaveTextContent('丢弃这条提醒？'));
    fireEvent.click(within(popconfirm()).getByRole('button', { name: '丢 弃' }));
    expect(await screen.findByText('已丢弃提醒')).toBeInTheDocument();
    expect(await screen.findByText('队列为空，没有待审核的提醒')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('onchain-admin-queue-count')).not.toBeInTheDocument());
    expect(posts(api).map((request) => [request.path, request.body])).toEqual([
      ['/api/Onchain/PublishAlert', { id: 1 }],
      ['/api/Onchain/DiscardAlert', { id: 3 }],
    ]);
  });

  it('sends the source, chain, direction and asset filters as the query', async () => {
    const api = stubAdmin(() => []);
    const user = setupUser();
    renderApp('/admin/content/onchain?status=published', { auth: FakeAuth.signedIn() });
    expect(await screen.findByText('没有提醒')).toBeInTheDocument();
    await pick(user, 'onchain-admin-source', '手动');
    await pick(user, 'onchain-admin-chain', 'Base');
    await pick(user, 'onchain-admin-direction', '销毁');
    await user.type(within(screen.getByTestId('onchain-admin-asset')).getByRole('searchbox'), 'USDC{Enter}');
    await waitFor(() =>
      expect(api.tableQueries()).toContainEqual({
        status: 'published',
        source: 'manual',
        chain: 'base',
        direction: 'burn',
        asset: 'USDC',
        limit: '50',
      }),
    );
  });

  it('adds an alert: checks addresses and the hash first, shows the server’s refusal on its field', async () => {
    let refuse = true;
    const api = stubAdmin(() => [], {
      'POST /api/Onchain/AddAlert': () => {
        if (!refuse) return { id: 9 };
        refuse = false;
        return problem(409, '该交易的这条转账记录已有提醒', { txHash: ['该交易的这条转账记录已有提醒'] });
      },
    });
    const user = setupUser();
    renderApp('/admin/content/onchain', { auth: FakeAuth.signedIn() });
    await user.click(await screen.findByTestId('alert-add'));
    const form = await screen.findByTestId('alert-form');
    await user.click(screen.getByTestId('alert-form-submit'));
    expect(await within(form).findByText(/请选择链/)).toBeInTheDocument();
    expect(await within(form).findByText('请输入资产代码')).toBeInTheDocument();
    expect(await within(form).findByText(/请选择方向/)).toBeInTheDocument();

    await pick(user, 'alert-form-chain', 'Ethereum');
    await pick(user, 'alert-form-direction', '流入交易所');
    await user.type(screen.getByTestId('alert-form-asset'), 'USDT');
    await user.type(screen.getByTestId('alert-form-amount'), '1,250,000.5');
    await user.type(screen.getByTestId('alert-form-from'), '0x1234');
    await user.type(screen.getByTestId('alert-form-to'), BINANCE.toUpperCase().replace('0X', '0x'));
    await user.type(screen.getByTestId('alert-form-tx'), `0x${'a'.repeat(63)}`);
    await user.click(screen.getByTestId('alert-form-submit'));
    // The fields validate as they are typed and again on submit, each on its own task: wait for all of them.
    await waitFor(() => {
      expect(fieldError('alert-form-from')).toBe('地址须为 0x 加40位十六进制字符');
      expect(fieldError('alert-form-to')).toBeNull();
      expect(fieldError('alert-form-token')).toBeNull();
      expect(fieldError('alert-form-tx')).toBe('交易哈希须为 0x 加64位十六进制字符');
    });
    // The label of a known address shows under its field.
    expect(within(form).getByText('已标记：Binance 14（交易所）')).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);

    await user.clear(screen.getByTestId('alert-form-from'));
    await user.type(screen.getByTestId('alert-form-from'), WHALE);
    await user.type(screen.getByTestId('alert-form-tx'), 'b');
    await user.type(screen.getByTestId('alert-form-usd'), '1250000');
    await user.type(screen.getByTestId('alert-form-log-index'), '12');
    await user.click(within(screen.getByTestId('alert-form-importance')).getByText('重要'));
    await user.type(screen.getByTestId('alert-form-comment'), '  大额充值 ');
    await user.click(screen.getByTestId('alert-form-submit'));
    await waitFor(() => expect(fieldError('alert-form-tx')).toBe('该交易的这条转账记录已有提醒'));

    await user.click(screen.getByTestId('alert-form-submit'));
    expect(await screen.findByText('已发布提醒')).toBeInTheDocument();
    expect(posts(api).at(-1)).toMatchObject({
      path: '/api/Onchain/AddAlert',
      body: {
        chain: 'ethereum',
        asset: 'USDT',
        tokenAddress: null,
        amount: '1250000.5',
        usdValue: 1_250_000,
        fromAddress: WHALE,
        toAddress: BINANCE.toUpperCase().replace('0X', '0x'),
        direction: 'exchange_inflow',
        txHash: `0x${'a'.repeat(63)}b`,
        logIndex: 12,
        blockNumber: null,
        importance: 'high',
        comment: '大额充值',
      },
    });
    expect(posts(api).at(-1)?.body).not.toHaveProperty('occurredAt');
    await waitFor(() => expect(screen.queryByTestId('alert-form')).not.toBeInTheDocument());
  });

  it('edits an alert with its values filled in, and deletes one after asking', async () => {
    let alerts = [PUBLISHED];
    const api = stubAdmin(() => alerts, {
      'POST /api/Onchain/UpdateAlert': () => ({ ok: true }),
      'POST /api/Onchain/DeleteAlert': () => {
        alerts = [];
        return { ok: true };
      },
    });
    const user = setupUser();
    renderApp('/admin/content/onchain', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0]!).getByTestId('alert-edit'));
    await screen.findByTestId('alert-form');
    expect(screen.getByTestId('alert-form-amount')).toHaveValue('5000000');
    expect(screen.getByTestId('alert-form-comment')).toHaveValue('Cold wallet refill');
    await user.clear(screen.getByTestId('alert-form-amount'));
    await user.type(screen.getByTestId('alert-form-amount'), '4800000.25');
    await user.click(screen.getByTestId('alert-form-submit'));
    expect(await screen.findByText('已保存提醒')).toBeInTheDocument();
    expect(posts(api).at(-1)).toMatchObject({
      path: '/api/Onchain/UpdateAlert',
      body: {
        id: 2,
        amount: '4800000.25',
        direction: 'exchange_outflow',
        importance: 'high',
        occurredAt: PUBLISHED.occurredAt,
      },
    });

    await user.click(within(rows()[0]!).getByTestId('alert-delete'));
    await waitFor(() => expect(popconfirm()).toHaveTextContent('删除这条提醒？'));
    fireEvent.click(within(popconfirm()).getByRole('button', { name: '删 除' }));
    expect(await screen.findByText('已删除提醒')).toBeInTheDocument();
    expect(posts(api).at(-1)).toMatchObject({ path: '/api/Onchain/DeleteAlert', body: { id: 2 } });
    await waitFor(() => expect(rows()).toHaveLength(0));
  });

  it('is in the admin menu and speaks English', async () => {
    await changeLocale('en');
    stubAdmin(() => [QUEUED]);
    renderApp('/admin/content/onchain', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'On-chain monitoring' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'On-chain monitoring' }).closest('li')).toHaveClass(
      'ant-menu-item-selected',
    );
    expect(within(rows()[0]!).getByTestId('alert-row-status')).toHaveTextContent('Queued');
    expect(within(rows()[0]!).getByTestId('alert-publish')).toHaveTextContent('Publish');
  });
});
