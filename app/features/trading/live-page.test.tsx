import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveSnapshot } from '#shared/schemas/trading.ts';
import { acquireHub, closeHub } from '../../lib/hub/hub-runtime.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { createQueryClient, Providers } from '../../providers.tsx';
import { type ApiHandlers, accountHandlers, personalInfoOf, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth, TEST_USER } from '../../testing/fake-auth.ts';
import { fakeSocketFactory } from '../../testing/fake-hub-socket.ts';
import {
  changeOf,
  closedOf,
  type LiveTraderDto,
  liveTraderOf,
  orderOf,
  positionOf,
  snapshotOf,
  syncOf,
} from '../../testing/trading-fixtures.ts';
import { setupUser } from '../../testing/user.ts';
import { LivePage } from './live-page.tsx';

const ALPHA = liveTraderOf();
const BETA = liveTraderOf({ id: 2, keyName: 'Beta Grid', coEfficient: 1.5, leverageCoefficient: 0.5 });

function stubLive({
  traders = [ALPHA, BETA],
  snapshots = {
    1: [snapshotOf()],
    2: [snapshotOf({ keyId: 2, positions: [], orders: [], fills: [], closed: [] })],
  },
  extra = {},
}: {
  traders?: LiveTraderDto[];
  /** Per key, the snapshots answered in turn (the last one repeats). */
  snapshots?: Record<number, LiveSnapshot[]>;
  extra?: ApiHandlers;
} = {}) {
  const served: Record<number, number> = {};
  const calls: { fetch?: ReturnType<typeof stubApi>['fetch'] } = {};
  const stub = stubApi({
    ...accountHandlers(personalInfoOf()),
    'GET /api/Trading/Traders': () => traders,
    'GET /api/Trading/Live': () => {
      const keyId = Number(lastKeyId(calls.fetch!));
      const list = snapshots[keyId] ?? [];
      const index = Math.min(served[keyId] ?? 0, list.length - 1);
      served[keyId] = (served[keyId] ?? 0) + 1;
      return list[index];
    },
    ...extra,
  });
  calls.fetch = stub.fetch;
  const liveCalls = () => stub.requests.filter((request) => request.path === '/api/Trading/Live').length;
  return { ...stub, liveCalls };
}

/** The key asked for by the last GET /api/Trading/Live (the stub records paths without their query). */
function lastKeyId(fetch: { mock: { calls: unknown[][] } }): string {
  const calls = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://x'));
  return (
    calls
      .filter((url) => url.pathname === '/api/Trading/Live')
      .at(-1)
      ?.searchParams.get('keyId') ?? ''
  );
}

let release: (() => void) | undefined;

function renderLive(url = '/?type=1', { hub = false }: { hub?: boolean } = {}) {
  const queryClient = createQueryClient();
  const sockets = fakeSocketFactory();
  if (hub) {
    release = acquireHub({
      queryClient,
      sub: TEST_USER.sub,
      getToken: async () => 'token',
      connection: { createSocket: sockets.createSocket, retryDelay: () => 1000 },
    });
  }
  const router = createMemoryRouter([{ path: '/', element: <LivePage /> }], { initialEntries: [url] });
  render(
    <Providers queryClient={queryClient} auth={FakeAuth.signedIn()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { queryClient, router, socket: () => sockets.sockets[0]! };
}

const rowsOf = (testId: string) =>
  [...screen.getByTestId(testId).querySelectorAll('tr.ant-table-row')] as HTMLElement[];

describe('live trading page', () => {
  beforeEach(async () => {
    await changeLocale('zh');
  });
  afterEach(() => {
    release?.();
    release = undefined;
    closeHub();
  });

  it('shows a tab per trader and the chosen trader’s account, labelled in Chinese', async () => {
    stubLive();
    renderLive();
    const panel = await screen.findByTestId('live-panel');
    expect(screen.getByTestId('trader-tab-1')).toHaveTextContent('Alpha Desk');
    expect(screen.getByTestId('trader-tab-2')).toHaveTextContent('Beta Grid');
    expect(panel).toHaveAttribute('data-key-id', '1');
    expect(screen.getByTestId('live-ratios')).toHaveTextContent('货币比例 0.5 · 杠杆比例 2');

    const [position] = rowsOf('positions-table');
    expect(position).toHaveTextContent('BTCUSDT');
    expect(position).toHaveTextContent('多头');
    expect(position).toHaveTextContent('60,000');
    expect(position).toHaveTextContent('61,000');
    expect(position).toHaveTextContent('+250.00');
    expect(position).toHaveTextContent('+16.67%');
    expect(position).toHaveTextContent('10×');
    expect(position).toHaveTextContent('全仓');
    expect(position).toHaveTextContent('52,000.5');

    const [order] = rowsOf('orders-table');
    expect(within(order!).getByTestId('order-type')).toHaveTextContent('限价单');
    expect(within(order!).getByTestId('order-status')).toHaveTextContent('未成交');
    expect(order).toHaveTextContent('买入');
    expect(order).toHaveTextContent('2,400.5');
    expect(order).toHaveTextContent('否');

    expect(rowsOf('fills-table')[0]).toHaveTextContent('6 USDT');
    const [closed] = rowsOf('closed-table');
    expect(closed).toHaveTextContent('SOLUSDT');
    expect(closed).toHaveTextContent('空头');
    expect(closed).toHaveTextContent('+98.50');
    expect(closed).toHaveTextContent('3小时 30分');
    // Balances are never part of the page.
    expect(screen.queryByRole('columnheader', { name: /余额|balance/i })).not.toBeInTheDocument();
  });

  it('labels the same account in English', async () => {
    await changeLocale('en');
    stubLive({
      snapshots: {
        1: [
          snapshotOf({
            positions: [positionOf({ positionSide: 2, size: -3, symbol: 'ETHUSDT', marginMode: 'isolated' })],
            orders: [
              orderOf({
                type: 5,
                status: 1,
                side: 1,
                positionSide: 0,
                triggerPrice: 2300,
                reduceOnly: true,
                algo: true,
              }),
            ],
          }),
        ],
      },
    });
    renderLive();
    await screen.findByTestId('live-panel');
    const [position] = rowsOf('positions-table');
    expect(position).toHaveTextContent('Short');
    expect(position).toHaveTextContent('One-way');
    expect(position).toHaveTextContent('Isolated');
    const [order] = rowsOf('orders-table');
    expect(within(order!).getByTestId('order-type')).toHaveTextContent('Stop market');
    expect(order).toHaveTextContent('Conditional');
    expect(within(order!).getByTestId('order-status')).toHaveTextContent('Partially filled');
    expect(order).toHaveTextContent('SellShort');
    expect(order).toHaveTextContent('2,300');
    expect(order).toHaveTextContent('Yes');
    expect(rowsOf('closed-table')[0]).toHaveTextContent('3h 30m');
    expect(screen.getByTestId('live-ratios')).toHaveTextContent('Currency ratio 0.5 · leverage ratio 2');
  });

  it('shows what a copy at the key’s ratios holds, and explains the reading of the ratios', async () => {
    stubLive();
    const user = setupUser();
    renderLive();
    await screen.findByTestId('live-panel');
    // 0.25 × currency ratio 0.5; 10× × leverage ratio 2.
    expect(screen.getByTestId('copy-size')).toHaveTextContent('数量 0.125');
    expect(screen.getByTestId('copy-leverage')).toHaveTextContent('杠杆 20×');
    await user.hover(screen.getAllByTestId('copy-help')[0]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      '数量 = 交易员数量 × 货币比例（0.5），杠杆 = 交易员杠杆 × 杠杆比例（2）',
    );

    // Another trader, other ratios: 1.2 × 1.5 and 5× × 0.5.
    stubLive({
      snapshots: { 2: [snapshotOf({ keyId: 2, positions: [positionOf({ size: 1.2, leverage: 5 })] })] },
    });
    await user.click(screen.getByTestId('trader-tab-2'));
    await waitFor(() => expect(screen.getByTestId('live-panel')).toHaveAttribute('data-key-id', '2'));
    expect(screen.getByTestId('copy-size')).toHaveTextContent('数量 1.8');
    expect(screen.getByTestId('copy-leverage')).toHaveTextContent('杠杆 2.5×');
  });

  it('shows a dash for a leverage not read yet (a position the stream opened a moment ago), never 0×', async () => {
    stubLive({
      snapshots: { 2: [snapshotOf({ keyId: 2, positions: [positionOf({ size: 1.2, leverage: 0 })] })] },
    });
    renderLive('/?type=1&keyId=2');
    await waitFor(() => expect(screen.getByTestId('copy-leverage')).toHaveTextContent('杠杆 —'));
    expect(screen.getByTestId('positions-table')).not.toHaveTextContent('0×');
  });

  it('opens the trader named in the address (the back office’s links)', async () => {
    stubLive();
    renderLive('/?type=1&keyId=2');
    const panel = await screen.findByTestId('live-panel');
    expect(panel).toHaveAttribute('data-key-id', '2');
    expect(screen.getByTestId('positions-table')).toHaveTextContent('当前没有持仓');
    expect(screen.getByTestId('orders-table')).toHaveTextContent('当前没有委托');
    expect(screen.getByTestId('fills-table')).toHaveTextContent('还没有成交记录');
    expect(screen.getByTestId('closed-table')).toHaveTextContent('还没有已平仓的仓位');
  });

  it('applies a live change to the tables, with a notification and the reminder sound', async () => {
    const play = vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const api = stubLive();
    const { socket } = renderLive('/?type=1', { hub: true });
    await screen.findByTestId('live-panel');
    expect(api.liveCalls()).toBe(1);

    act(() =>
      socket().fire(
        'TraderLiveChanged',
        changeOf({
          seq: 11,
          positions: [
            positionOf({ markPrice: 62500, unrealizedPnl: 625 }),
            positionOf({ symbol: 'ETHUSDT', positionSide: 0, size: 4, entryPrice: 2500 }),
          ],
          opened: [{ symbol: 'ETHUSDT', positionSide: 0 }],
          orders: [orderOf({ status: 2 })],
          closed: [closedOf({ symbol: 'BNBUSDT', closedAt: '2025-06-01T07:59:00.000Z', realizedPnl: -12 })],
        }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('live-panel')).toHaveAttribute('data-seq', '11'));
    const positions = rowsOf('positions-table');
    expect(positions.map((row) => row.querySelector('td')?.textContent)).toEqual(['ETHUSDT', 'BTCUSDT']);
    expect(positions[1]).toHaveTextContent('62,500');
    expect(positions[1]).toHaveTextContent('+625.00');
    // The filled order left the open orders.
    expect(screen.getByTestId('orders-table')).toHaveTextContent('当前没有委托');
    expect(rowsOf('closed-table')[0]).toHaveTextContent('BNBUSDT');

    const notifications = await screen.findAllByTestId('trader-live-notification');
    expect(notifications).toHaveLength(2);
    expect(notifications[0]).toHaveTextContent('Alpha Desk 开仓');
    expect(notifications[0]).toHaveTextContent('ETHUSDT 空头，数量 4，开仓价 2,500');
    expect(notifications[1]).toHaveTextContent('Alpha Desk 平仓');
    expect(notifications[1]).toHaveTextContent('BNBUSDT 空头，数量 10，已实现盈亏 -12.00');
    expect(play).toHaveBeenCalledTimes(1);
    expect(api.liveCalls()).toBe(1);
  });

  it('fetches a new snapshot on a gap in the changes and after a reconnect', async () => {
    vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const api = stubLive({
      snapshots: {
        1: [
          snapshotOf({ seq: 10 }),
          snapshotOf({ seq: 14, positions: [positionOf({ markPrice: 64000 })] }),
          snapshotOf({ seq: 20, positions: [] }),
        ],
      },
    });
    const { socket } = renderLive('/?type=1', { hub: true });
    await screen.findByTestId('live-panel');

    // seq 13 after 10: 11 and 12 were missed, so the change is not applied and the snapshot is fetched again.
    act(() =>
      socket().fire('TraderLiveChanged', changeOf({ seq: 13, positions: [positionOf({ markPrice: 1 })] })),
    );
    await waitFor(() => expect(screen.getByTestId('live-panel')).toHaveAttribute('data-seq', '14'));
    expect(api.liveCalls()).toBe(2);
    expect(rowsOf('positions-table')[0]).toHaveTextContent('64,000');

    // A change the new snapshot already holds changes nothing.
    act(() =>
      socket().fire('TraderLiveChanged', changeOf({ seq: 12, positions: [positionOf({ markPrice: 1 })] })),
    );
    expect(rowsOf('positions-table')[0]).toHaveTextContent('64,000');

    // Changes made while disconnected are not replayed: (re)connecting fetches a snapshot.
    act(() => socket().fire('disconnect', 'transport close'));
    act(() => socket().fire('connect'));
    await waitFor(() => expect(screen.getByTestId('live-panel')).toHaveAttribute('data-seq', '20'));
    expect(api.liveCalls()).toBe(3);
    expect(screen.getByTestId('positions-table')).toHaveTextContent('当前没有持仓');
  });

  it('says when a trader’s account is not being followed', async () => {
    stubLive({ traders: [liveTraderOf({ sync: syncOf({ state: 'error', lastError: 'HTTP 500' }) })] });
    renderLive();
    expect(await screen.findByTestId('live-sync-notice')).toHaveTextContent('同步该交易员的账户时出错');
    expect(screen.queryByText('HTTP 500')).not.toBeInTheDocument();
  });

  it('invites a member without traders to subscribe', async () => {
    stubLive({ traders: [] });
    renderLive();
    const empty = await screen.findByTestId('no-traders');
    expect(empty).toHaveTextContent('您还没有可查看的交易员');
    expect(within(empty).getByRole('link', { name: /去订阅交易员/ })).toHaveAttribute(
      'href',
      '/personal/subscribe',
    );
  });
});
