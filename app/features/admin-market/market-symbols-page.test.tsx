import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MarketSymbol } from '#shared/schemas/market.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

// /admin/content/market against a stubbed API that keeps state like the server: the list, the exchange's
// symbols marked when listed, adding and removing.

const EXCHANGE = [
  { symbol: 'BTCUSDT', baseAsset: 'BTC', quoteAsset: 'USDT', contractType: 'PERPETUAL' },
  { symbol: 'ETHUSDT', baseAsset: 'ETH', quoteAsset: 'USDT', contractType: 'PERPETUAL' },
  { symbol: 'SOLUSDT', baseAsset: 'SOL', quoteAsset: 'USDT', contractType: 'PERPETUAL' },
];

function listedOf(symbol: string): MarketSymbol {
  const found = EXCHANGE.find((s) => s.symbol === symbol)!;
  return {
    symbol,
    baseAsset: found.baseAsset,
    quoteAsset: found.quoteAsset,
    pricePrecision: 2,
    quantityPrecision: 3,
    tickSize: 0.1,
    addedAt: '2026-11-20T08:00:00.000Z',
  };
}

function stubMarket({ listed = ['BTCUSDT'], exchangeDown = false } = {}) {
  const state = listed.map(listedOf);
  return {
    state,
    ...stubApi({
      ...accountHandlers(ADMIN_INFO),
      'GET /api/Market/Symbols': () => state,
      'GET /api/Market/ExchangeSymbols': () =>
        exchangeDown
          ? problem(503, '暂时无法从交易所获取行情，请稍后重试')
          : {
              symbols: EXCHANGE.map((s) => ({ ...s, listed: state.some((l) => l.symbol === s.symbol) })),
              stale: false,
              updatedAt: '2026-11-26T08:00:00.000Z',
            },
      'POST /api/Market/AddSymbol': ({ body }) => {
        const { symbol } = body as { symbol: string };
        if (state.some((s) => s.symbol === symbol))
          return problem(409, '该交易对已在行情列表中', { symbol: ['该交易对已在行情列表中'] });
        const added = listedOf(symbol);
        state.push(added);
        return added;
      },
      'POST /api/Market/DeleteSymbol': ({ body }) => {
        const { symbol } = body as { symbol: string };
        state.splice(
          state.findIndex((s) => s.symbol === symbol),
          1,
        );
        return { ok: true };
      },
    }),
  };
}

const rows = () =>
  [...screen.getByTestId('market-table').querySelectorAll('tr.ant-table-row')].map(
    (row) => within(row as HTMLElement).getByTestId('market-row-symbol').textContent,
  );

beforeEach(async () => {
  await act(() => changeLocale('zh'));
});

describe('the market symbols page', () => {
  it('adds a symbol picked from the exchange, with listed ones disabled, and removes one after confirming', async () => {
    const api = stubMarket();
    const user = setupUser();
    renderApp('/admin/content/market', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toEqual(['BTCUSDT']));
    expect(screen.getByText('基础 / 计价资产')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('market-pick')).getByRole('combobox'));
    const listed = await screen.findByText('BTCUSDT（已在列表中）');
    expect(listed.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
    await user.click(screen.getByText('ETHUSDT · ETH/USDT'));
    await user.click(screen.getByTestId('market-add'));
    expect(await screen.findByText('已添加 ETHUSDT')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toEqual(['BTCUSDT', 'ETHUSDT']));
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/Market/AddSymbol', { symbol: 'ETHUSDT' }],
    ]);

    const btc = screen.getAllByTestId('market-remove')[0]!;
    await user.click(btc);
    const confirm = () => document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)') as HTMLElement;
    await waitFor(() => expect(confirm()).toHaveTextContent('从行情列表移除 BTCUSDT？'));
    await user.click(within(confirm()).getByRole('button', { name: '移 除' }));
    expect(await screen.findByText('已移除 BTCUSDT')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toEqual(['ETHUSDT']));
  });

  it('shows the empty state, and says so when the exchange cannot be read, in English too', async () => {
    stubMarket({ listed: [], exchangeDown: true });
    await act(() => changeLocale('en'));
    renderApp('/admin/content/market', { auth: FakeAuth.signedIn() });
    expect(
      await screen.findByText(
        "No symbols yet: add one above so that members' charts and tools have market data",
      ),
    ).toBeInTheDocument();
    const pick = screen.getByTestId('market-pick');
    await waitFor(() => expect(pick).toHaveClass('ant-select-disabled'));
    expect(pick).toHaveTextContent("The exchange's symbol list cannot be read right now");
    expect(screen.getByTestId('market-add')).toBeDisabled();
  });
});
