import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LevelSetView } from '#shared/schemas/levels.ts';
import { acquireHub, closeHub } from '../../lib/hub/hub-runtime.ts';
import { LiveConnection } from '../../lib/hub/live-connection.tsx';
import { changeLocale } from '../../lib/i18n.ts';
import { createQueryClient, Providers } from '../../providers.tsx';
import { accountHandlers, personalInfoOf, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth, TEST_USER } from '../../testing/fake-auth.ts';
import { fakeSocketFactory } from '../../testing/fake-hub-socket.ts';
import { setupUser } from '../../testing/user.ts';
import { PressurePage } from './pressure-page.tsx';

// /pressure against a stubbed API and a fake hub socket: the sets with their levels' states and distances,
// watching, the history switch and filters (as queries sent), and a crossing alert announced wherever the
// member is, with the reminder sound.

const SET: LevelSetView = {
  id: 7,
  symbol: 'BTCUSDT',
  timeframe: '4h',
  bias: 'bullish',
  supports: [
    { id: 1, price: 58000, reason: 'Weekly demand', strength: 4, state: 'tested', distancePercent: -3.33 },
  ],
  resistances: [
    { id: 2, price: 64000, reason: '', strength: null, state: 'untested', distancePercent: 6.67 },
  ],
  invalidationPrice: 56000,
  targets: [66000, 70000],
  notes: '<p>Buy the dip above <strong>58k</strong></p>',
  publishedAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  expiresAt: '2026-12-20T08:00:00.000Z',
  expired: false,
  watched: false,
  roleIds: [],
  lastPrice: 60000,
  stale: false,
};

function stubPressure(sets: LevelSetView[] = [SET]) {
  const state = sets.map((s) => ({ ...s }));
  const stub = stubApi({
    ...accountHandlers(personalInfoOf()),
    'GET /api/Levels/List': () => state,
    'GET /api/Market/Symbols': () => [
      {
        symbol: 'BTCUSDT',
        baseAsset: 'BTC',
        quoteAsset: 'USDT',
        pricePrecision: 2,
        quantityPrecision: 3,
        tickSize: 0.1,
        addedAt: '2026-11-01T00:00:00.000Z',
      },
    ],
    'POST /api/Levels/Watch': ({ body }) => {
      const { id, watch } = body as { id: number; watch: boolean };
      const found = state.find((s) => s.id === id);
      if (found) found.watched = watch;
      return { ok: true };
    },
  });
  const listQueries = () =>
    stub.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .filter((url) => url.pathname === '/api/Levels/List')
      .map((url) => Object.fromEntries(url.searchParams));
  return { ...stub, listQueries };
}

let release: (() => void) | undefined;

function renderPressure() {
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
        path: '/pressure',
        element: (
          <>
            <LiveConnection />
            <PressurePage />
          </>
        ),
      },
    ],
    { initialEntries: ['/pressure'] },
  );
  render(
    <Providers queryClient={queryClient} auth={FakeAuth.signedIn()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { socket: () => sockets.sockets[0]! };
}

describe('the support and pressure page', () => {
  beforeEach(async () => {
    await changeLocale('zh');
  });
  afterEach(() => {
    release?.();
    release = undefined;
    closeHub();
  });

  it('shows each set with its levels’ states and distances, and lets the member watch it', async () => {
    const api = stubPressure();
    const user = setupUser();
    renderPressure();
    const card = await screen.findByTestId('level-set-card');
    expect(card).toHaveTextContent('BTCUSDT');
    expect(within(card).getByTestId('level-set-bias')).toHaveTextContent('看多');
    expect(card).toHaveTextContent('最新价 60,000.00');
    const supports = within(card).getByTestId('level-supports');
    expect(supports).toHaveTextContent('58,000.00');
    expect(supports).toHaveTextContent('-3.33%');
    expect(supports).toHaveTextContent('已测试');
    expect(within(card).getByTestId('level-resistances')).toHaveTextContent('+6.67%');
    expect(within(card).getByTestId('level-resistances')).toHaveTextContent('未测试');
    expect(card).toHaveTextContent('失效价: 56,000.00');
    expect(card).toHaveTextContent('目标价: 66,000.00 / 70,000.00');
    expect(within(card).getByTestId('level-set-notes')).toHaveTextContent('Buy the dip above 58k');
    expect(screen.getByTestId('chart-notice')).toHaveTextContent('TradingView');

    await user.click(within(card).getByTestId('level-watch'));
    expect(await screen.findByText('已开启 BTCUSDT 的价位提醒')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { id: 7, watch: true },
    ]);
    await waitFor(() =>
      expect(within(card).getByTestId('level-watch')).toHaveAttribute('aria-checked', 'true'),
    );
  });

  it('asks for the history and the filters, and says when there is nothing', async () => {
    const api = stubPressure([]);
    const user = setupUser();
    renderPressure();
    expect(await screen.findByTestId('pressure-empty')).toHaveTextContent('暂无支撑压力');
    expect(api.listQueries().at(-1)).toEqual({ history: 'false' });
    await user.click(screen.getByText('已过期'));
    expect(await screen.findByText('暂无已过期的支撑压力')).toBeInTheDocument();
    expect(api.listQueries().at(-1)).toEqual({ history: 'true' });

    await user.click(within(screen.getByTestId('pressure-bias')).getByRole('combobox'));
    await user.click(await screen.findByTitle('看空'));
    await waitFor(() => expect(api.listQueries().at(-1)).toEqual({ bias: 'bearish', history: 'true' }));
  });

  it('announces a crossing of a watched level with the reminder sound, and reads the sets again', async () => {
    const play = vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const api = stubPressure([{ ...SET, watched: true }]);
    await act(() => changeLocale('en'));
    const { socket } = renderPressure();
    await screen.findByTestId('level-set-card');
    const before = api.listQueries().length;
    act(() =>
      socket().fire('LevelCrossed', {
        setId: 7,
        levelId: 1,
        symbol: 'BTCUSDT',
        kind: 'support',
        level: 58000,
        price: 57950.5,
        direction: 'down',
        at: '2026-11-26T10:00:00.000Z',
        eventId: 42,
      }),
    );
    const notice = await screen.findByTestId('level-crossed-notification');
    expect(notice).toHaveTextContent('BTCUSDT broke below support 58,000');
    expect(notice).toHaveTextContent('Last price 57,950.5');
    expect(play).toHaveBeenCalled();
    await waitFor(() => expect(api.listQueries().length).toBeGreaterThan(before));
  });
});
