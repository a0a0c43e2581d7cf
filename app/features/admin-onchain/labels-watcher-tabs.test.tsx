import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OnchainLabel, OnchainWatcherState } from '#shared/schemas/onchain.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { holdClockAt } from '../../testing/clock.ts';
import { ADMIN_INFO, type ApiHandlers, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

// /admin/content/onchain, the address labels and watcher tabs: adding, editing, searching and deleting labels
// with the shared rules and the server's refusals; the watcher's state per chain, or how to configure it.

const BINANCE = '0x28c6c06298d514db089934071355e5743bf21d60';
const JUMP = '0xf584f8728b874a6a5c7a8d4d387c9aae9172d621';

function labelOf(overrides: Partial<OnchainLabel> = {}): OnchainLabel {
  return {
    id: 1,
    address: BINANCE,
    name: 'Binance 14',
    kind: 'exchange',
    createdAt: '2025-05-01T08:00:00.000Z',
    updatedAt: '2025-05-01T08:00:00.000Z',
    ...overrides,
  };
}

const posts = (api: ReturnType<typeof stubApi>) =>
  api.requests.filter((request) => request.method === 'POST');
const labelRows = () =>
  [...screen.getByTestId('label-table').querySelectorAll('tr.ant-table-row')] as HTMLElement[];
const popconfirm = () => document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)') as HTMLElement;
const fieldError = (testId: string) =>
  screen
    .getByTestId(testId)
    .closest('.ant-form-item')
    ?.querySelector('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)')?.textContent ?? null;

function stubAdmin(extra: ApiHandlers) {
  return stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/Onchain/AdminAlerts': () => ({ alerts: [], nextCursor: null }),
    ...extra,
  });
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

describe('address labels', () => {
  it('lists, searches and adds labels, checked with the shared rules and the server’s refusal', async () => {
    let labels = [labelOf()];
    let refuse = true;
    const api = stubAdmin({
      'GET /api/Onchain/Labels': () => labels,
      'POST /api/Onchain/AddLabel': ({ body }) => {
        if (refuse) {
          refuse = false;
          return problem(409, '该地址已有标签', { address: ['该地址已有标签'] });
        }
        labels = [...labels, labelOf({ ...(body as Partial<OnchainLabel>), id: 2 })];
        return { id: 2 };
      },
    });
    const user = setupUser();
    renderApp('/admin/content/onchain?tab=labels', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(labelRows()).toHaveLength(1));
    expect(within(labelRows()[0]!).getByTestId('label-row-name')).toHaveTextContent('Binance 14');
    expect(within(labelRows()[0]!).getByTestId('label-row-kind')).toHaveTextContent('交易所');
    expect(within(labelRows()[0]!).getByTestId('label-row-address')).toHaveTextContent(BINANCE);

    await user.click(screen.getByTestId('label-add'));
    await screen.findByTestId('label-form');
    await user.type(screen.getByTestId('label-address'), '0xnothex');
    await user.click(screen.getByTestId('label-submit'));
    await waitFor(() => expect(fieldError('label-address')).toBe('地址须为 0x 加40位十六进制字符'));
    expect(fieldError('label-name')).toBe('请输入地址所有者名称');
    expect(fieldError('label-kind')).toMatch(/请选择类型/);
    expect(posts(api)).toHaveLength(0);

    await user.clear(screen.getByTestId('label-address'));
    await user.type(screen.getByTestId('label-address'), ` ${JUMP.toUpperCase().replace('0X', '0x')} `);
    await user.type(screen.getByTestId('label-name'), 'Jump Trading');
    await pick(user, 'label-kind', '基金');
    await user.click(screen.getByTestId('label-submit'));
    await waitFor(() => expect(fieldError('label-address')).toBe('该地址已有标签'));
    await user.click(screen.getByTestId('label-submit'));
    expect(await screen.findByText('已添加标签“Jump Trading”')).toBeInTheDocument();
    // The address goes out as the server keeps it: trimmed, in lower case.
    expect(posts(api).at(-1)).toMatchObject({
      path: '/api/Onchain/AddLabel',
      body: { address: JUMP, name: 'Jump Trading', kind: 'fund' },
    });
    await waitFor(() => expect(labelRows()).toHaveLength(2));

    await user.type(screen.getByTestId('label-search'), 'jump');
    await waitFor(() => expect(labelRows()).toHaveLength(1));
    expect(within(labelRows()[0]!).getByTestId('label-row-kind')).toHaveTextContent('基金');
  });

  it('edits and deletes a label', async () => {
    let labels = [labelOf()];
    const api = stubAdmin({
      'GET /api/Onchain/Labels': () => labels,
      'POST /api/Onchain/UpdateLabel': () => ({ ok: true }),
      'POST /api/Onchain/DeleteLabel': () => {
        labels = [];
        return { ok: true };
      },
    });
    const user = setupUser();
    renderApp('/admin/content/onchain?tab=labels', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(labelRows()).toHaveLength(1));
    await user.click(within(labelRows()[0]!).getByTestId('label-edit'));
    await screen.findByTestId('label-form');
    expect(screen.getByTestId('label-address')).toHaveValue(BINANCE);
    await user.clear(screen.getByTestId('label-name'));
    await user.type(screen.getByTestId('label-name'), 'Binance Hot Wallet');
    await user.click(screen.getByTestId('label-submit'));
    expect(await screen.findByText('已保存标签“Binance Hot Wallet”')).toBeInTheDocument();
    expect(posts(api).at(-1)?.body).toEqual({
      id: 1,
      address: BINANCE,
      name: 'Binance Hot Wallet',
      kind: 'exchange',
    });

    await user.click(within(labelRows()[0]!).getByTestId('label-delete'));
    await waitFor(() => expect(popconfirm()).toHaveTextContent('删除标签“Binance 14”？'));
    fireEvent.click(within(popconfirm()).getByRole('button', { name: '删 除' }));
    expect(await screen.findByText('已删除标签“Binance 14”')).toBeInTheDocument();
    expect(await screen.findByText('还没有地址标签')).toBeInTheDocument();
  });
});

/** When the fixtures were made: the watcher's times read as they say with the clock held there. */
const FIXTURES_AT = Date.now();
const WATCHING: OnchainWatcherState = {
  configured: true,
  chains: [
    {
      chain: 'ethereum',
      rpcHost: 'eth-mainnet.example.com',
      confirmations: 12,
      queueAboveUsd: 1_000_000,
      publishAboveUsd: 10_000_000,
      tokens: [
        {
          symbol: 'USDT',
          address: '0xdac17f958d2ee523a2206206994597c13d831ec7',
          decimals: 6,
          usdPrice: 1,
          queueAbove: null,
          publishAbove: null,
        },
        {
          symbol: 'WETH',
          address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
          decimals: 18,
          usdPrice: 3000,
          queueAbove: 500,
          publishAbove: 5000,
        },
      ],
      lastProcessedBlock: 19_000_000,
      headBlock: 19_000_020,
      lagBlocks: 20,
      lastError: null,
      lastErrorAt: null,
      errorCount: 0,
      lastRunAt: new Date(FIXTURES_AT - 10_000).toISOString(),
      retryAt: null,
      running: true,
    },
    {
      chain: 'bsc',
      rpcHost: '127.0.0.1:8545',
      confirmations: 15,
      queueAboveUsd: 500_000,
      publishAboveUsd: null,
      tokens: [],
      lastProcessedBlock: null,
      headBlock: null,
      lagBlocks: null,
      lastError: 'The RPC answered chain id 1, not 56',
      lastErrorAt: new Date(FIXTURES_AT - 60_000).toISOString(),
      errorCount: 3,
      lastRunAt: new Date(FIXTURES_AT - 60_000).toISOString(),
      retryAt: new Date(FIXTURES_AT + 120_000).toISOString(),
      running: false,
    },
  ],
};

describe('the watcher', () => {
  it('shows each chain’s progress, thresholds, tokens and last error', async () => {
    holdClockAt(FIXTURES_AT);
    stubAdmin({ 'GET /api/Onchain/WatcherState': () => WATCHING });
    renderApp('/admin/content/onchain?tab=watcher', { auth: FakeAuth.signedIn() });
    const chains = await screen.findAllByTestId('watcher-chain');
    expect(chains.map((chain) => chain.getAttribute('data-chain'))).toEqual(['ethereum', 'bsc']);
    const [eth, bsc] = chains as [HTMLElement, HTMLElement];

    expect(within(eth).getByTestId('watcher-running')).toHaveTextContent('运行中');
    expect(within(eth).getByTestId('watcher-rpc-host')).toHaveTextContent('eth-mainnet.example.com');
    expect(within(eth).getByTestId('watcher-queue-above')).toHaveTextContent('$1,000,000');
    expect(within(eth).getByTestId('watcher-publish-above')).toHaveTextContent('$10,000,000');
    expect(within(eth).getByTestId('watcher-last-block')).toHaveTextContent('19,000,000');
    expect(within(eth).getByTestId('watcher-head')).toHaveTextContent('19,000,020');
    expect(within(eth).getByTestId('watcher-lag')).toHaveTextContent('20 个区块');
    expect(within(eth).getByTestId('watcher-retry-at')).toHaveTextContent('—');
    expect(within(eth).queryByTestId('watcher-error')).not.toBeInTheDocument();
    const tokens = within(eth).getAllByTestId('watcher-token');
    expect(tokens.map((token) => token.textContent)).toEqual([
      expect.stringContaining('USDT'),
      expect.stringContaining('WETH'),
    ]);
    expect(tokens[0]).toHaveTextContent('按链的美元阈值');
    expect(tokens[1]).toHaveTextContent('5,000');

    expect(within(bsc).getByTestId('watcher-running')).toHaveTextContent('未运行');
    expect(within(bsc).getByTestId('watcher-queue-above')).toHaveTextContent('$500,000');
    expect(within(bsc).getByTestId('watcher-publish-above')).toHaveTextContent('从不');
    expect(within(bsc).getByTestId('watcher-last-block')).toHaveTextContent('尚未');
    const error = within(bsc).getByTestId('watcher-error');
    expect(error).toHaveTextContent('The RPC answered chain id 1, not 56');
    expect(error).toHaveTextContent('1 分钟前');
    expect(within(error).getByTestId('watcher-error-count')).toHaveTextContent('连续失败 3 次');
    expect(within(error).getByText('The RPC answered chain id 1, not 56')).toHaveClass(
      'ant-typography-danger',
    );
    expect(within(bsc).getByTestId('watcher-retry-at')).not.toHaveTextContent('—');
    expect(screen.queryByTestId('watcher-unconfigured')).not.toBeInTheDocument();
  });

  it('says the watcher is optional and how to enable it when none is configured', async () => {
    stubAdmin({ 'GET /api/Onchain/WatcherState': () => ({ configured: false, chains: [] }) });
    renderApp('/admin/content/onchain?tab=watcher', { auth: FakeAuth.signedIn() });
    const note = await screen.findByTestId('watcher-unconfigured');
    expect(note).toHaveTextContent('未配置链上监控程序');
    expect(note).toHaveTextContent('监控程序是可选的');
    expect(note).toHaveTextContent('ONCHAIN_WATCH');
    expect(note).toHaveTextContent('README');
    expect(screen.queryByTestId('watcher-chain')).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    await changeLocale('en');
    stubAdmin({ 'GET /api/Onchain/WatcherState': () => ({ configured: false, chains: [] }) });
    renderApp('/admin/content/onchain?tab=watcher', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('watcher-unconfigured')).toHaveTextContent(
      'No on-chain watcher is configured',
    );
    expect(screen.getByTestId('onchain-admin-tab-watcher')).toHaveTextContent('Watcher');
  });
});
