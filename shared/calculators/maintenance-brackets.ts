// Maintenance-margin tiers (Binance: "leverage and margin tiers", "brackets") of a USDⓈ-M contract: the
// larger a position's notional, the higher the share of it that must stay in the account. A position's
// maintenance margin = notional × maintenance margin rate − maintenance amount of its tier.

export interface MaintenanceBracket {
  /** The tier holds notionals above `floor` (0 included for the first tier) up to `cap` included. */
  floor: number;
  cap: number;
  /** A fraction: 0.004 is 0.40 %. */
  maintenanceMarginRate: number;
  /** Binance's "maintenance amount" (cum), in USDT. */
  maintenanceAmount: number;
}

/**
 * BTCUSDT perpetual (USDⓈ-M), notional in USDT, as Binance published them in "Updates to Leverage and
 * Margin Tiers of Binance Futures Contracts (2021-03-18)"
 * (https://www.binance.com/en/support/announcement/86cf9aa472574b8cb2e05bb751c2a9a6): tiers and maintenance
 * margin rates from its table; maintenance amounts by the formula of Binance's "How to Calculate Liquidation
 * Price of USDⓈ-M Futures Contracts", which gives that FAQ's own figures (a 264,000 USDT position: rate 1 %;
 * 500,000 USDT: maintenance amount 1,300 USDT). Binance revises tiers from time to time; the page lets the
 * member edit them to what https://www.binance.com/en/futures/trading-rules/perpetual/leverage-margin shows.
 */
export const BTCUSDT_BRACKETS: readonly MaintenanceBracket[] = [
  { floor: 0, cap: 50_000, maintenanceMarginRate: 0.004, maintenanceAmount: 0 },
  { floor: 50_000, cap: 250_000, maintenanceMarginRate: 0.005, maintenanceAmount: 50 },
  { floor: 250_000, cap: 1_000_000, maintenanceMarginRate: 0.01, maintenanceAmount: 1_300 },
  { floor: 1_000_000, cap: 10_000_000, maintenanceMarginRate: 0.025, maintenanceAmount: 16_300 },
  { floor: 10_000_000, cap: 20_000_000, maintenanceMarginRate: 0.05, maintenanceAmount: 266_300 },
  { floor: 20_000_000, cap: 50_000_000, maintenanceMarginRate: 0.1, maintenanceAmount: 1_266_300 },
  { floor: 50_000_000, cap: 100_000_000, maintenanceMarginRate: 0.125, maintenanceAmount: 2_516_300 },
  { floor: 100_000_000, cap: 200_000_000, maintenanceMarginRate: 0.15, maintenanceAmount: 5_016_300 },
  { floor: 200_000_000, cap: 300_000_000, maintenanceMarginRate: 0.25, maintenanceAmount: 25_016_300 },
  { floor: 300_000_000, cap: 500_000_000, maintenanceMarginRate: 0.5, maintenanceAmount: 100_016_300 },
];

/** Whether a tier holds a notional: above its floor (0 itself in the first tier), up to its cap. */
export function bracketHolds(bracket: MaintenanceBracket, notional: number): boolean {
  return (notional > bracket.floor || (bracket.floor === 0 && notional === 0)) && notional <= bracket.cap;
}

/** The index of the tier that holds a notional, or −1 when it is above the last cap. */
export function bracketIndexFor(brackets: readonly MaintenanceBracket[], notional: number): number {
  return brackets.findIndex((bracket) => bracketHolds(bracket, notional));
}

/** Maintenance margin of a position of `notional` in `bracket`. */
export function maintenanceMargin(bracket: MaintenanceBracket, notional: number): number {
  return notional * bracket.maintenanceMarginRate - bracket.maintenanceAmount;
}

/**
 * Binance's maintenance amount formula: amount(n) = floor(n) × (rate(n) − rate(n − 1)) + amount(n − 1), 0 for
 * the first tier. It keeps the maintenance margin continuous where one tier ends and the next begins.
 */
export function deriveMaintenanceAmounts(brackets: readonly MaintenanceBracket[]): MaintenanceBracket[] {
  const derived: MaintenanceBracket[] = [];
  for (const [index, bracket] of brackets.entries()) {
    const previous = derived[index - 1];
    const amount = previous
      ? bracket.floor * (bracket.maintenanceMarginRate - previous.maintenanceMarginRate) +
        previous.maintenanceAmount
      : 0;
    derived.push({ ...bracket, maintenanceAmount: roundCents(amount) });
  }
  return derived;
}

/** Rounds away binary noise (250,000 × 0.005 = 1250.0000000000002). */
function roundCents(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}

export type BracketColumn = 'cap' | 'maintenanceMarginRate' | 'maintenanceAmount';
export type BracketErrorCode = 'required' | 'capNotAboveFloor' | 'rateRange' | 'nonNegative' | 'tooLarge';
export interface BracketErrors {
  /** Per tier (index) and column. */
  rows: Array<Partial<Record<BracketColumn, BracketErrorCode>>>;
  /** The table has no tier. */
  empty: boolean;
}

/** A tier as the editable table holds it: numbers or empty cells; each floor is the cap above it. */
export interface BracketDraft {
  cap: number | null | undefined;
  /** In percent, as typed (0.4 for 0.40 %). */
  maintenanceMarginRatePercent: number | null | undefined;
  maintenanceAmount: number | null | undefined;
}

/** The tiers of an edited table, or the errors of its cells. Floors follow the caps: 0, cap 1, cap 2… */
export function bracketsFromDrafts(
  drafts: readonly BracketDraft[],
): { ok: true; brackets: MaintenanceBracket[] } | { ok: false; errors: BracketErrors } {
  const rows: BracketErrors['rows'] = [];
  const brackets: MaintenanceBracket[] = [];
  let floor = 0;
  let failed = drafts.length === 0;
  for (const draft of drafts) {
    const errors: Partial<Record<BracketColumn, BracketErrorCode>> = {};
    const cap = draft.cap;
    const rate = draft.maintenanceMarginRatePercent;
    const amount = draft.maintenanceAmount;
    if (typeof cap !== 'number' || !Number.isFinite(cap)) errors.cap = 'required';
    else if (cap > 1e15) errors.cap = 'tooLarge';
    else if (cap <= floor) errors.cap = 'capNotAboveFloor';
    if (typeof rate !== 'number' || !Number.isFinite(rate)) errors.maintenanceMarginRate = 'required';
    else if (rate <= 0 || rate >= 100) errors.maintenanceMarginRate = 'rateRange';
    if (typeof amount !== 'number' || !Number.isFinite(amount)) errors.maintenanceAmount = 'required';
    else if (amount < 0) errors.maintenanceAmount = 'nonNegative';
    else if (amount > 1e15) errors.maintenanceAmount = 'tooLarge';
    rows.push(errors);
    if (Object.keys(errors).length > 0) {
      failed = true;
      // Later floors follow this cap; keep checking them against what was typed.
      if (typeof cap === 'number' && Number.isFinite(cap)) floor = Math.max(floor, cap);
      continue;
    }
    brackets.push({
      floor,
      cap: cap as number,
      maintenanceMarginRate: (rate as number) / 100,
      maintenanceAmount: amount as number,
    });
    floor = cap as number;
  }
  return failed ? { ok: false, errors: { rows, empty: drafts.length === 0 } } : { ok: true, brackets };
}

/** The editable table's rows for a set of tiers (rates in percent, without binary noise). */
export function draftsFromBrackets(brackets: readonly MaintenanceBracket[]): BracketDraft[] {
  return brackets.map((bracket) => ({
    cap: bracket.cap,
    maintenanceMarginRatePercent: Number((bracket.maintenanceMarginRate * 100).toPrecision(12)),
    maintenanceAmount: bracket.maintenanceAmount,
  }));
}
