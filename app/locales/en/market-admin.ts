import type { Messages } from '../types.ts';
import type { marketAdmin as zh } from '../zh/market-admin.ts';

export const marketAdmin: Messages<typeof zh> = {
  intro:
    "Members' charts, support/pressure levels and tools use only the symbols listed here; their market data is read from the exchange through the server and cached.",
  pickPlaceholder: "Search the exchange's symbols, e.g. BTCUSDT",
  loadingExchange: "Reading the exchange's symbols…",
  noMatch: 'No matching symbol',
  exchangeUnavailable: "The exchange's symbol list cannot be read right now",
  exchangeStale: 'The exchange cannot be reached; this list was read at {{at}}',
  alreadyListed: '{{symbol}} (already listed)',
  add: 'Add',
  added: '{{symbol}} added',
  remove: 'Remove',
  removeConfirm: 'Remove {{symbol}} from the market list?',
  removeHint: 'Members will no longer see its charts and prices.',
  removed: '{{symbol}} removed',
  cancel: 'Cancel',
  empty: "No symbols yet: add one above so that members' charts and tools have market data",
  fields: {
    symbol: 'Symbol',
    assets: 'Base / quote asset',
    tickSize: 'Tick size',
    addedAt: 'Added',
    actions: 'Actions',
  },
};
