import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnchainAlert, OnchainAlertPage, OnchainTotals } from '#shared/schemas/onchain.ts';
import { acquireHub, closeHub } from '../../lib/hub/hub-runtime.ts';
import { LiveConnection } from '../../lib/hub/live-connection.tsx';
import { changeLocale } from '../../lib/i18n.ts';
import { createQueryClient, Providers } from '../../providers.tsx';
import { holdClockAt } from '../../testing/clock.ts';
import {
  accountHandlers,
  NON_MEMBER_INFO,
  personalInfoOf,
  problem,
  stubApi,
} from '../../testing/fake-api.ts';
import { FakeAuth, TEST_USER } from '../../testing/fake-auth.ts';
import { fakeSocketFactory } from '../../testing/fake-hub-socket.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';
import { OnchainPage } from './onchain-page.tsx';

// /monitoring against a stubbed API and a fake hub socket: alerts with their labels, directions and safe
// explorer links; the 24 h totals; filters sent as queries; more pages as the end comes into view or by
// the button; the empty, error and live states; the not-member notice.

const BINANCE = '0x28c6c06298d514db089934071355e5743bf21d60';
const WHALE = '0x00000000219ab540356cbb839cbe05303d7705fa';
const TX = `0x${'ab12'.repeat(16)}`;

/** When the fixtures were made: their times read as 5 minutes ago with the clock held there. */
const FIXTURES_AT = Date.now();
let nextId = 100;
function alertOf(overrides: Partial<OnchainAlert> = {}): OnchainAlert {
  nextId += 1;
  const txHash = overrides.txHash ?? `0x${nextId.toString(16).padStart(64, '0')}`;
  return {
    id: nextId,
    chain: 'ethereum',
    asset: 'USDT',
    tokenAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7',
    amount: '1000000',
    usdValue: 1_000_000,
    from: { address: WHALE, label: null },
    to: { address: BINANCE, label: null },
    direction: 'transfer',
    txHash,
    logIndex: 3,
    blockNumber: 19_000_000,
    explorerUrl: `https://etherscan.io/tx/${txHash}`,
    occurredAt: new Date(FIXTURES_AT - 5 * 60_000).toISOString(),
    importance: 'normal',
    comment: '',
    publishedAt: new Date().toISOString(),
    ...overrides,
  };
}

const INFLOW = alertOf({
  // More digits than a double holds: shown exactly.
  amount: '12345678901234567890.123456789',
  usdValue: 12_345_678,
  to: { address: BINANCE, label: { name: 'Binance 14', kind: 'exchange' } },
  direction: 'exchange_inflow',
  txHash: TX,
  explorerUrl: `https://etherscan.io/tx/${TX}`,
  importance: 'high',
  comment: '巨鲸向币安转入大量 USDT',
});
const OUTFLOW = alertOf({
  chain: 'bsc',
  asset: 'WBNB',
  amount: '25000.5',
  usdValue: null,
  from: { address: BINANCE, label: { name: 'Binance 14', kind: 'exchange' } },
  to: { address: WHALE, label: { name: 'Jump Trading', kind: 'fund' } },
  direction: 'exchange_outflow',
  explorerUrl: 'https://bscscan.com/tx/0x1',
});
const MINT = alertOf({
  direction: 'mint',
  from: { address: '0x0000000000000000000000000000000000000000', label: null },
});
const BURN = alertOf({ direction: 'burn', blockNumber: null });

const TOTALS: OnchainTotals = {
  since: new Date(Date.now() - 86_400_000).toISOString(),
  until: new Date().toISOString(),
  assets: [
    {
      asset: 'USDT',
      inflow: { amount: '12345678901234567890.5', usd: 12_345_678, count: 2 },
      outflow: { amount: '2000000', usd: 2_000_000, count: 1 },
      net: { amount: '12345678901232567890.5', usd: 10_345_678 },
    },
    {
      asset: 'WBNB',
      inflow: { amount: '0', usd: 0, count: 0 },
      outflow: { amount: '25000.5', usd: 0, count: 1 },
      net: { amount: '-25000.5', usd: 0 },
    },
  ],
};

type AlertsHandler = (
  query: Record<string, string>,
) => OnchainAlertPage | Response | Promise<OnchainAlertPage | Response>;

function stubOnchain(
  alerts: AlertsHandler = () => ({ alerts: [INFLOW, OUTFLOW, MINT, BURN], nextCursor: null }),
  totals: () => OnchainTotals | Response = () => TOTALS,
) {
  const queries: Record<string, string>[] = [];
  const stub = stubApi({
    ...accountHandlers(personalInfoOf()),
    'GET /api/Onchain/Filters': () => ({ chains: ['ethereum', 'bsc'], assets: ['USDT', 'WBNB'] }),
    'GET /api/Onchain/Totals': () => totals(),
    'GET /api/Onchain/Alerts': () => {
      const call = stub.fetch.mock.calls.at(-1);
      const query = Object.fromEntries(new URL(String(call?.[0]), 'http://x').searchParams);
      queries.push(query);
      return alerts(query);
    },
  });
  return { ...stub, queries };
}

let release: (() => void) | undefined;

function renderPage(url = '/monitoring') {
  const queryClient = createQueryClient();
  const sockets = fakeSocketFactory();
  release = acquireHub({
    queryClient,
    sub: TEST_USER.sub,
    getToken: async () => 'token',
    connection: { createSocket: sockets.createSocket, retryDelay: () => 1000 },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/monitoring',
        element: (
          <>
            <LiveConnection />
            <OnchainPage />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <Providers queryClient={queryClient} auth={FakeAuth.signedIn()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, socket: () => sockets.sockets[0]! };
}

const cards = () => screen.queryAllByTestId('onchain-alert');

async function pick(user: ReturnType<typeof setupUser>, testId: string, option: string) {
  await user.click(within(screen.getByTestId(testId)).getByRole('combobox'));
  const options = await screen.findAllByTitle(option);
  await user.click(options.at(-1)!);
}

/** IntersectionObserver as a test drives it: `reach()` says the sentinel came into view. */
function stubIntersection() {
  const observers: { callback: IntersectionObserverCallback; observed: Element[] }[] = [];
  class FakeObserver {
    readonly entry: { callback: IntersectionObserverCallback; observed: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, observed: [] };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.observed.push(element);
    }
    disconnect() {
      this.entry.observed = [];
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    reach: () => {
      for (const { callback, observed } of observers)
        for (const target of observed)
          callback(
            [{ isIntersecting: true, target } as unknown as IntersectionObserverEntry],
            {} as IntersectionObserver,
          );
    },
  };
}

describe('the on-chain monitoring page', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });
  afterEach(() => {
    release?.();
    release = undefined;
    closeHub();
  });

  it('shows the alerts with amounts, labels, directions, importance and safe explorer links', async () => {
    holdClockAt(FIXTURES_AT);
    const api = stubOnchain();
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(4));
    const [inflow, outflow, mint, burn] = cards() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    expect(inflow).toHaveAttribute('data-tx-hash', TX);
    expect(within(inflow).getByTestId('onchain-alert-importance')).toHaveTextContent('重要');
    expect(within(inflow).getByTestId('onchain-alert-direction')).toHaveTextContent('流入交易所');
    expect(within(inflow).getByTestId('onchain-alert-direction')).toHaveClass('ant-tag-red');
    expect(within(inflow).getByTestId('onchain-alert-chain')).toHaveTextContent('Ethereum');
    expect(within(inflow).getByTestId('onchain-alert-amount')).toHaveTextContent(
      '12,345,678,901,234,567,890.123456789 USDT',
    );
    expect(within(inflow).getByTestId('onchain-alert-usd')).toHaveTextContent('≈ $12,345,678');
    expect(within(inflow).getByTestId('onchain-alert-time')).toHaveTextContent('5 分钟前');
    expect(within(inflow).getByTestId('onchain-alert-comment')).toHaveTextContent('巨鲸向币安转入大量 USDT');
    // An unlabelled side shows its address only; a labelled one its owner and kind too.
    const from = within(inflow).getByTestId('onchain-alert-from');
    expect(within(from).queryByTestId('onchain-party-label')).not.toBeInTheDocument();
    expect(within(from).getByTestId('onchain-party-address')).toHaveTextContent('0x0000…05fa');
    const to = within(inflow).getByTestId('onchain-alert-to');
    expect(within(to).getByTestId('onchain-party-label')).toHaveTextContent('Binance 14');
    expect(within(to).getByTestId('onchain-party-kind')).toHaveTextContent('交易所');
    expect(within(to).getByTestId('onchain-party-address')).toHaveAttribute(
      'href',
      `https://etherscan.io/address/${BINANCE}`,
    );
    const tx = within(inflow).getByTestId('onchain-alert-tx');
    expect(tx).toHaveAttribute('href', `https://etherscan.io/tx/${TX}`);
    expect(tx).toHaveTextContent('0xab12ab…12ab12');
    for (const link of within(inflow).getAllByRole('link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    expect(within(outflow).getByTestId('onchain-alert-direction')).toHaveTextContent('流出交易所');
    expect(within(outflow).getByTestId('onchain-alert-direction')).toHaveClass('ant-tag-green');
    expect(within(outflow).getByTestId('onchain-alert-chain')).toHaveTextContent('BNB Smart Chain');
    expect(within(outflow).getByTestId('onchain-alert-usd')).toHaveTextContent('价值未知');
    expect(within(outflow).getByTestId('onchain-alert-tx')).toHaveAttribute(
      'href',
      'https://bscscan.com/tx/0x1',
    );
    expect(
      within(within(outflow).getByTestId('onchain-alert-to')).getByTestId('onchain-party-kind'),
    ).toHaveTextContent('基金');
    expect(within(outflow).queryByTestId('onchain-alert-importance')).not.toBeInTheDocument();
    expect(within(outflow).queryByTestId('onchain-alert-comment')).not.toBeInTheDocument();
    expect(within(mint).getByTestId('onchain-alert-direction')).toHaveTextContent('铸造');
    expect(within(burn).getByTestId('onchain-alert-direction')).toHaveTextContent('销毁');
    expect(within(burn).queryByTestId('onchain-alert-block')).not.toBeInTheDocument();
    expect(within(mint).getByTestId('onchain-alert-block')).toHaveTextContent('区块 19,000,000');

    expect(screen.getByTestId('onchain-no-more')).toHaveTextContent('没有更多了');
    expect(api.queries).toEqual([{}]);
  });

  it('sums the last 24 h of exchange flows per asset, exactly', async () => {
    stubOnchain();
    renderPage();
    const totals = await screen.findAllByTestId('onchain-total');
    expect(totals.map((total) => total.getAttribute('data-asset'))).toEqual(['USDT', 'WBNB']);
    const [usdt, wbnb] = totals as [HTMLElement, HTMLElement];
    expect(within(usdt).getByTestId('onchain-total-inflow')).toHaveTextContent('流入 · 2 笔');
    expect(within(usdt).getByTestId('onchain-total-inflow-amount')).toHaveTextContent(
      '12,345,678,901,234,567,890.5',
    );
    expect(within(usdt).getByTestId('onchain-total-inflow-usd')).toHaveTextContent('$12,345,678');
    expect(within(usdt).getByTestId('onchain-total-outflow-amount')).toHaveTextContent('2,000,000');
    expect(within(usdt).getByTestId('onchain-total-net-amount')).toHaveTextContent(
      '+12,345,678,901,232,567,890.5',
    );
    expect(within(usdt).getByTestId('onchain-total-net-usd')).toHaveTextContent('+$10,345,678');
    expect(within(wbnb).getByTestId('onchain-total-net-amount')).toHaveTextContent('-25,000.5');
    expect(screen.getByTestId('onchain-totals')).toHaveTextContent('24 小时交易所资金流向');
  });

  it('says when no exchange flows happened, and when the totals could not load', async () => {
    let fail = true;
    stubOnchain(undefined, () => {
      if (fail) return problem(500, '服务器错误');
      return { ...TOTALS, assets: [] };
    });
    const user = setupUser();
    renderPage();
    const error = await screen.findByTestId('onchain-totals-error');
    fail = false;
    await user.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('onchain-totals-empty')).toHaveTextContent('过去 24 小时没有');
  });

  it('sends the filters (the minimum value once typing pauses) as the query, and keeps them in the address', async () => {
    const api = stubOnchain(() => ({ alerts: [], nextCursor: null }));
    const user = setupUser();
    const { router } = renderPage();
    expect(await screen.findByTestId('onchain-empty')).toHaveTextContent('暂无链上提醒');

    await pick(user, 'onchain-filter-chain', 'BNB Smart Chain');
    await waitFor(() => expect(api.queries.at(-1)).toEqual({ chain: 'bsc' }));
    await pick(user, 'onchain-filter-asset', 'WBNB');
    await pick(user, 'onchain-filter-direction', '流出交易所');
    await waitFor(() =>
      expect(api.queries.at(-1)).toEqual({ chain: 'bsc', asset: 'WBNB', direction: 'exchange_outflow' }),
    );
    expect(await screen.findByTestId('onchain-empty')).toHaveTextContent('没有符合筛选条件的提醒');

    const before = api.queries.length;
    const minUsd = screen.getByTestId('onchain-filter-min-usd');
    await user.type(minUsd, '5000000');
    // One query for the whole number, not one per key.
    await waitFor(() => expect(api.queries.at(-1)).toMatchObject({ minUsd: '5000000' }));
    expect(api.queries.length).toBe(before + 1);
    expect(new URLSearchParams(router.state.location.search).get('minUsd')).toBe('5000000');
    expect(minUsd).toHaveValue('5,000,000');

    await user.click(screen.getByTestId('onchain-filters-clear'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(minUsd).toHaveValue('');
    expect(await screen.findByTestId('onchain-empty')).toHaveTextContent('暂无链上提醒');
  });

  it('reads the filters from the address, leaving out unknown values', async () => {
    const api = stubOnchain(() => ({ alerts: [OUTFLOW], nextCursor: null }));
    renderPage('/monitoring?chain=bsc&direction=sideways&minUsd=250000&asset=WBNB');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(api.queries).toEqual([{ chain: 'bsc', asset: 'WBNB', minUsd: '250000' }]);
  });

  it('loads the next page as the end comes into view, and by the button', async () => {
    const { reach } = stubIntersection();
    const pages: Record<string, OnchainAlertPage> = {
      '': { alerts: [INFLOW, OUTFLOW], nextCursor: 'c1' },
      c1: { alerts: [MINT], nextCursor: 'c2' },
      c2: { alerts: [BURN], nextCursor: null },
    };
    const api = stubOnchain((query) => pages[query.cursor ?? '']!);
    const user = setupUser();
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));
    act(() => reach());
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(api.queries.at(-1)).toEqual({ cursor: 'c1' });

    await user.click(screen.getByTestId('onchain-load-more'));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(api.queries.at(-1)).toEqual({ cursor: 'c2' });
    expect(screen.queryByTestId('onchain-load-more')).not.toBeInTheDocument();
    expect(screen.getByTestId('onchain-no-more')).toBeInTheDocument();
  });

  it('shows the skeleton, then the error with a retry', async () => {
    let calls = 0;
    let answer: (value: Response) => void = () => {};
    stubOnchain(() => {
      calls++;
      if (calls === 1) return new Promise<Response>((resolve) => (answer = resolve));
      return { alerts: [INFLOW], nextCursor: null };
    });
    const user = setupUser();
    renderPage();
    expect(await screen.findByTestId('onchain-loading')).toBeInTheDocument();
    answer(problem(500, '服务器错误'));
    const error = await screen.findByTestId('query-error');
    await user.click(within(error).getByRole('button'));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('reads the alerts and totals again when one is published, and says it is live', async () => {
    let alerts = [OUTFLOW];
    const api = stubOnchain(() => ({ alerts, nextCursor: null }));
    const { socket } = renderPage();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByTestId('onchain-live')).toHaveTextContent('正在连接实时推送');
    act(() => socket().fire('connect'));
    await waitFor(() => expect(screen.getByTestId('onchain-live')).toHaveTextContent('实时更新中'));

    const totalsCalls = () => api.requests.filter((request) => request.path === '/api/Onchain/Totals').length;
    const before = totalsCalls();
    alerts = [INFLOW, OUTFLOW];
    act(() => socket().fire('OnchainAlert', { alert: INFLOW, edited: false, eventId: 9 }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards()[0]).toHaveAttribute('data-tx-hash', TX);
    await waitFor(() => expect(totalsCalls()).toBe(before + 1));

    alerts = [INFLOW];
    act(() => socket().fire('OnchainAlertRemoved', { alertId: OUTFLOW.id, eventId: 10 }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('speaks English and fits a phone', async () => {
    holdClockAt(FIXTURES_AT);
    await changeLocale('en');
    setClientWidth(390);
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 390 });
    try {
      stubOnchain();
      renderPage();
      await waitFor(() => expect(cards()).toHaveLength(4));
      expect(screen.getByRole('heading', { name: 'On-chain monitoring' })).toBeInTheDocument();
      const [inflow] = cards() as [HTMLElement];
      expect(within(inflow).getByTestId('onchain-alert-direction')).toHaveTextContent('Exchange inflow');
      expect(within(inflow).getByTestId('onchain-alert-importance')).toHaveTextContent('Important');
      expect(within(inflow).getByTestId('onchain-alert-time')).toHaveTextContent('5 minutes ago');
      expect(within(inflow).getByTestId('onchain-party-kind')).toHaveTextContent('Exchange');
      expect(within(cards()[1]!).getByTestId('onchain-alert-usd')).toHaveTextContent('Value unknown');
      expect(await screen.findAllByTestId('onchain-total-inflow')).not.toHaveLength(0);
      expect(screen.getAllByTestId('onchain-total-inflow')[0]).toHaveTextContent('Inflow · 2 transfers');
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1024 });
    }
  });
});

describe('the /monitoring route', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('opens the page for members, and the not-member notice for others', async () => {
    stubOnchain();
    const member = renderApp('/monitoring', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('onchain-page')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('链上监控 · 链策学堂'));
    member.unmount();

    const deeper = renderApp('/monitoring/unknown', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    deeper.unmount();

    const api = stubApi(accountHandlers(NON_MEMBER_INFO));
    renderApp('/monitoring', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('not-member-notice')).toBeInTheDocument();
    expect(screen.queryByTestId('onchain-page')).not.toBeInTheDocument();
    expect(
      api.requests.map((request) => request.path).filter((path) => path.startsWith('/api/Onchain')),
    ).toEqual([]);
  });
});
