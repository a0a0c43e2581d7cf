import type { Locale } from '#shared/constants.ts';
import type { LivePosition } from '#shared/schemas/trading.ts';
import { POSITION_MODE } from '#shared/trading.ts';
import { POSITION_MODE_LABELS } from '#shared/trading-labels.ts';
import { TEXT_COLORS } from '../../lib/theme.ts';
import type { TFunction } from '../../lib/translator.ts';

// How the trading pages write numbers, codes and durations. Prices keep the precision they need (a coin
// under 1 USDT has many decimals), amounts in USDT two decimals, ratios as percentages.

export const DASH = '—';

const intlLocale = (locale: Locale) => (locale === 'zh' ? 'zh-CN' : 'en-US');

function format(locale: Locale, value: number, options: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(locale), options).format(value);
}

/** A price: 2 decimals from 1,000 up, 4 from 1, otherwise 6 significant digits. */
export function formatPrice(locale: Locale, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  const size = Math.abs(value);
  if (size >= 1000) return format(locale, value, { maximumFractionDigits: 2 });
  if (size >= 1) return format(locale, value, { maximumFractionDigits: 4 });
  return format(locale, value, { maximumSignificantDigits: 6 });
}

/** A quantity of a contract: up to 6 decimals, no trailing zeros. */
export function formatQuantity(locale: Locale, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return format(locale, value, { maximumFractionDigits: 6 });
}

/** An amount in the account's currency (USDT), 2 decimals; `signed` puts + before gains. */
export function formatAmount(locale: Locale, value: number | null | undefined, signed = false): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return format(locale, value, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  });
}

/** A fraction as a percentage (0.1234 → 12.34%). */
export function formatPercent(locale: Locale, value: number | null | undefined, signed = false): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return format(locale, value, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  });
}

/** A ratio or plain figure: up to 2 decimals. */
export function formatRatio(locale: Locale, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return format(locale, value, { maximumFractionDigits: 2 });
}

/** Leverage: "10×", fractional when a ratio made it so. */
/** A leverage, or a dash while it is not known (a position the stream opened, before the REST read). */
export function formatLeverage(locale: Locale, value: number): string {
  if (!(value > 0)) return '—';
  return `${formatRatio(locale, value)}×`;
}

/** Colour of a gain or a loss. */
export function pnlColor(value: number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === 0) return undefined;
  return value > 0 ? TEXT_COLORS.gain : TEXT_COLORS.loss;
}

/** A duration in its two largest units: "2d 3h", "45m", "30s". */
export function formatDuration(t: TFunction<'trading'>, ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return DASH;
  const seconds = Math.floor(ms / 1000);
  const parts = [
    { unit: 'days', count: Math.floor(seconds / 86_400) },
    { unit: 'hours', count: Math.floor(seconds / 3600) % 24 },
    { unit: 'minutes', count: Math.floor(seconds / 60) % 60 },
    { unit: 'seconds', count: seconds % 60 },
  ] as const;
  const first = parts.findIndex((part) => part.count > 0);
  if (first === -1) return t('duration.seconds', { count: 0 });
  return parts
    .slice(first, first + 2)
    .filter((part) => part.count > 0)
    .map((part) => t(`duration.${part.unit}`, { count: part.count }))
    .join(' ');
}

type Label = Readonly<Record<Locale, string>>;

/** The label of a code in the interface language, or the code itself when the contract has no label for it. */
export function codeLabel(labels: Readonly<Record<number, Label>>, code: number, locale: Locale): string {
  return labels[code]?.[locale] ?? `#${code}`;
}

/** Long or short: the position side in hedge mode, the sign of the size in one-way mode. */
export function positionDirection(position: Pick<LivePosition, 'positionSide' | 'size'>): 0 | 1 {
  if (position.positionSide === POSITION_MODE.short) return POSITION_MODE.short;
  if (position.positionSide === POSITION_MODE.long) return POSITION_MODE.long;
  return position.size < 0 ? POSITION_MODE.short : POSITION_MODE.long;
}

export function directionLabel(direction: 0 | 1, locale: Locale): string {
  return POSITION_MODE_LABELS[direction][locale];
}

/** A position held in one-way mode (its size is signed). */
export const isOneWay = (positionSide: number) => positionSide === POSITION_MODE.single;

/**
 * What a copy at the key's ratios holds: the trader's size × the currency ratio (coEfficient), and the
 * trader's leverage × the leverage ratio (leverageCoefficient).
 */
export function copyOf(
  position: Pick<LivePosition, 'size' | 'leverage'>,
  ratios: { coEfficient: number; leverageCoefficient: number },
): { size: number; leverage: number } {
  return {
    size: roundTo(position.size * ratios.coEfficient, 10),
    leverage: roundTo(position.leverage * ratios.leverageCoefficient, 10),
  };
}

/** Rounds away binary noise (0.1 × 3 = 0.30000000000000004). */
function roundTo(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}
